package io.jwtbench.service.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
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
    /** Ports {@link #freePort()} handed out in this JVM: none twice, even before its server binds it. */
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private ServicePod(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    public static ServicePod start(String name, List<String> systemProperties) throws IOException {
        return start(name, freePort(), systemProperties);
    }

    /**
     * A free port below the kernel's ephemeral range. A port from {@code new ServerSocket(0)} comes from that range,
     * which is also where every outgoing connection's local port comes from: a test profile's port is chosen when
     * Quarkus builds every profile's application, minutes before that application starts, and the bench's runs
     * open thousands of connections in between, so one of them took such a port once (CI beside a CPU hog:
     * "Port already bound"). Below the range, only another listener can take it.
     */
    public static int freePort() throws IOException {
        int ephemeral = firstEphemeralPort();
        for (int attempt = 0; attempt < 1000; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(10_000, ephemeral);
            if (!HANDED_OUT.contains(port) && bindable(port) && HANDED_OUT.add(port)) {
                return port;
            }
        }
        throw new IOException("no free port between 10000 and " + ephemeral + " in 1000 tries");
    }

    private static boolean bindable(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", port));
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    /** The low end of {@code /proc/sys/net/ipv4/ip_local_port_range}; Linux' default where it cannot be read. */
    private static int firstEphemeralPort() {
        try {
            int low = Integer.parseInt(Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim().split("\\s+")[0]);
            return low > 11_000 ? low : 32768;
        } catch (IOException | RuntimeException unreadable) {
            return 32768;
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
