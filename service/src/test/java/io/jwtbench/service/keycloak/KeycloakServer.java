package io.jwtbench.service.keycloak;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.testing.ServicePod;
import io.jwtbench.service.testing.TestCa;

/**
 * A real Keycloak ({@code kc.sh start-dev} of the distribution the build unpacked) on loopback, over
 * HTTPS only with a certificate of the test's own CA, its admin REST API and its token endpoint. Its
 * database (dev mode's H2 files) is wiped before each start, so every test begins with the master realm
 * alone.
 */
final class KeycloakServer implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    /** A cold start re-augments Quarkus first: about 20 s on an idle 2-core machine, more on a busy one. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(240);

    private final Process process;
    private final Path log;
    private final int httpsPort;
    private final HttpClient http;
    private final String adminPassword;

    private KeycloakServer(Process process, Path log, int httpsPort, HttpClient http, String adminPassword) {
        this.process = process;
        this.log = log;
        this.httpsPort = httpsPort;
        this.http = http;
        this.adminPassword = adminPassword;
    }

    static KeycloakServer start(Path home, TestCa ca, Path log) throws Exception {
        Path kc = home.resolve("bin").resolve("kc.sh");
        if (!Files.isRegularFile(kc)) {
            throw new IllegalStateException(kc + " is missing: the build unpacks Keycloak before the integration tests (mvn verify)");
        }
        deleteRecursively(home.resolve("data"));
        int https = ServicePod.freePort();
        String adminPassword = UUID.randomUUID().toString();
        List<String> command = List.of("bash", kc.toString(), "start-dev", "--http-host=127.0.0.1",
                "--http-port=" + ServicePod.freePort(), "--https-port=" + https, "--http-management-port=" + ServicePod.freePort(),
                "--https-certificate-file=" + ca.serverCertPem(), "--https-certificate-key-file=" + ca.serverKeyPem());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("JAVA_OPTS_KC_HEAP", "-Xms64m -Xmx512m");
        env.put("KC_BOOTSTRAP_ADMIN_USERNAME", "admin");
        env.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword);
        HttpClient http = HttpClient.newBuilder().sslContext(ca.clientContext()).connectTimeout(Duration.ofSeconds(5)).build();
        KeycloakServer server = new KeycloakServer(builder.start(), log, https, http, adminPassword);
        server.awaitUp();
        return server;
    }

    private void awaitUp() throws Exception {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak exited with " + process.exitValue() + ":\n" + logTail());
            }
            try {
                if (get(uri("/realms/master/.well-known/openid-configuration")).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("Keycloak did not answer within " + START_TIMEOUT + ":\n" + logTail());
            }
            Thread.sleep(250);
        }
    }

    URI uri(String path) {
        return URI.create("https://127.0.0.1:" + httpsPort + path);
    }

    String realmUrl(String realm) {
        return uri("/realms/" + realm).toString();
    }

    HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** An access token from the realm's token endpoint; {@code form} is the grant's parameters. */
    String token(String realm, Map<String, String> form) throws IOException, InterruptedException {
        String body = form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri("/realms/" + realm + "/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded").timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("token request " + form.get("grant_type") + " failed: " + answer.statusCode() + " " + answer.body());
        }
        return JSON.readTree(answer.body()).path("access_token").asText();
    }

    /**
     * One admin REST call ({@code /admin/realms...}) as the bootstrap admin; the expected status is
     * checked. Returns the body as JSON (null when empty) or, for 201, the new resource's Location.
     */
    JsonNode admin(String method, String path, Object body, int expected) throws IOException, InterruptedException {
        String adminToken = token("master", Map.of("grant_type", "password", "client_id", "admin-cli",
                "username", "admin", "password", adminPassword));
        HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri("/admin/realms" + path))
                .header("Authorization", "Bearer " + adminToken).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(30)).method(method, publisher).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != expected) {
            throw new IllegalStateException(method + " /admin/realms" + path + ": " + answer.statusCode() + " " + answer.body());
        }
        if (answer.statusCode() == 201) {
            return JSON.getNodeFactory().textNode(answer.headers().firstValue("Location").orElse(""));
        }
        return answer.body().isBlank() ? null : JSON.readTree(answer.body());
    }

    /** Kills Keycloak's JVM (and the kc.sh that started it) without a shutdown: an IdP gone at once. */
    void kill() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    boolean alive() {
        return process.isAlive() || process.descendants().anyMatch(ProcessHandle::isAlive);
    }

    String logTail() throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        process.destroy(); // kc.sh forwards TERM to the JVM
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            kill();
        }
        all.forEach(ProcessHandle::destroyForcibly);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
