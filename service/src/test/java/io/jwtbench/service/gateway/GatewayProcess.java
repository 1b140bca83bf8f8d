package io.jwtbench.service.gateway;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real gateway binary started by a test: unprivileged, on a free loopback port, with configuration files the
 * test wrote to a temporary directory; stopped (its process only) when the test class is done. Where the binary
 * is missing the test is skipped with a message saying so.
 */
final class GatewayProcess implements AutoCloseable {
    private final Process process;
    private final Path log;
    final int port;

    private GatewayProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** The first of {@code candidates} that is an executable file; skips the test when none is. */
    static Path binary(String name, String install, String... candidates) {
        Optional<Path> found = java.util.Arrays.stream(candidates).map(Path::of).filter(Files::isExecutable).findFirst();
        assumeTrue(found.isPresent(), name + " is not installed (" + install + "): the " + name + " gateway tests are skipped");
        return found.get();
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Starts {@code command} in {@code dir} and waits until {@code port} accepts connections. */
    static GatewayProcess start(List<String> command, Path dir, Map<String, String> environment, int port) throws IOException {
        Path log = dir.resolve("gateway.log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        GatewayProcess gateway = new GatewayProcess(process, log, port);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(command.get(0) + " exited with " + process.exitValue() + ": " + gateway.output());
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return gateway;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        gateway.close();
        throw new IllegalStateException(command.get(0) + " did not listen on " + port + " within 30 s: " + gateway.output());
    }

    String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
