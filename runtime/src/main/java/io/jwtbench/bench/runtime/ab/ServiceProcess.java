package io.jwtbench.bench.runtime.ab;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.Causes;

/**
 * One build started for a check: {@code java -jar quarkus-run.jar} on a free loopback port, the bench open to
 * this machine only (security off, bound to 127.0.0.1), no start-up smoke bench, the slowdown injector
 * allowed; its output in {@code <work>/<label>.log}, its pid appended to {@code <work>/pids} so that
 * {@code scripts/ab.sh} can stop it even if this JVM dies. {@link #close} stops it, whatever happened.
 */
final class ServiceProcess implements AutoCloseable {
    /** Longer is not a slow start but a build that does not start. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    final String label;
    final URI uri;
    final Path log;
    private final Process process;

    private ServiceProcess(String label, URI uri, Path log, Process process) {
        this.label = label;
        this.uri = uri;
        this.log = log;
        this.process = process;
    }

    static ServiceProcess start(String label, Path jar, Path workDir, List<String> javaOptions) {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        } catch (IOException e) {
            throw new AbException("no free port: " + e.getMessage());
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints")); // the profiles' inlined frames exact
        command.addAll(javaOptions);
        command.addAll(List.of("-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + port,
                "-Dquarkus.bench.security.enabled=false", "-Dquarkus.bench.smoke.enabled=false",
                "-Djwt.bench.slowdown-injection=true", "-jar", jar.toString()));
        Path log = workDir.resolve(label + ".log");
        try {
            Process process = new ProcessBuilder(command).directory(jar.getParent().toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            Files.writeString(workDir.resolve("pids"), process.pid() + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return new ServiceProcess(label, URI.create("http://127.0.0.1:" + port), log, process);
        } catch (IOException e) {
            throw new AbException(label + " " + jar + " cannot be started: " + e.getMessage());
        }
    }

    long pid() {
        return process.pid();
    }

    /** Waits until its readiness check is UP; an {@link AbException} with the end of its log when it exits or never is. */
    void awaitReady() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant until = Instant.now().plus(START_TIMEOUT);
        String last = "no answer";
        while (Instant.now().isBefore(until)) {
            if (!process.isAlive()) {
                throw new AbException(label + " exited with code " + process.exitValue() + " before it was ready: is it a"
                        + " jwt-bench build's quarkus-run.jar? (the end of its log " + log + " is above)", tail());
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri.resolve("/q/health/ready"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
                last = "GET /q/health/ready answered " + r.statusCode() + ": " + BenchClient.abbreviate(r.body());
            } catch (IOException e) {
                last = "no answer yet (" + Causes.inWords(e) + ")";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AbException("interrupted");
            }
            sleep(250);
        }
        throw new AbException(label + " was not ready within " + START_TIMEOUT.toSeconds() + " s (" + last + "): is it a"
                + " jwt-bench build? (the end of its log " + log + " is above)", tail());
    }

    /** The end of its log, indented, to show above the verdict. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "    " + String.join("\n    ", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
        } catch (IOException e) {
            return "    (no log at " + log + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AbException("interrupted");
        }
    }
}
