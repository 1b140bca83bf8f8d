package io.jwtbench.service.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The packaged service (target/quarkus-app, prod profile) as a process of its own, the way a pod runs
 * it: for the integration tests, which run after {@code package} (failsafe). Its output goes to
 * target/service-pods/&lt;name&gt;.log.
 */
public final class ServicePod implements AutoCloseable {
    public final Process process;
    public final int port;
    public final Path log;

    private ServicePod(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    public static ServicePod start(String name, List<String> systemProperties) throws IOException {
        return start(name, freePort(), systemProperties);
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The packaged service on {@code port} (known before it starts: a fleet's peers list names it). */
    public static ServicePod start(String name, int port, List<String> systemProperties) throws IOException {
        Path jar = Path.of(System.getProperty("quarkus.app.jar", "target/quarkus-app/quarkus-run.jar"));
        assertTrue(Files.isRegularFile(jar), jar + " is missing: this test runs after package (mvn verify)");
        Path log = Path.of("target", "service-pods", name + ".log");
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Dquarkus.http.port=" + port);
        command.add("-Dquarkus.http.host=127.0.0.1");
        command.addAll(systemProperties);
        command.add("-jar");
        command.add(jar.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        return new ServicePod(process, port, log);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
