package io.jwtbench.service.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jwtbench.service.testing.ServicePod;
import io.jwtbench.service.testing.TestCa;

/**
 * The packaged service where BoringSSL does not load (Netty's own switch, {@code -Dio.netty.handler.ssl.noOpenSsl=true},
 * stands in for another platform or a missing native library). Asked for {@code openssl} by name it does not start,
 * naming the property and the reason; {@code auto} falls back to the JDK's engine with one line saying why, and a run
 * that asks for the OpenSSL engine on either side is refused on that field.
 */
class ServerTlsEngineIT {
    static final Path DIR = Path.of("target", "server-tls-engine-it");
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static TestCa ca;

    @BeforeAll
    static void certificate() throws Exception {
        ca = TestCa.create(DIR);
    }

    static List<String> https(String engine) throws Exception {
        return new ArrayList<>(List.of("-Dio.netty.handler.ssl.noOpenSsl=true", "-Dquarkus.bench.smoke.enabled=false",
                "-Dquarkus.bench.security.enabled=false", "-Dquarkus.http.ssl-port=" + ServicePod.freePort(),
                "-Dquarkus.tls.key-store.pem.0.cert=" + ca.serverCertPem().toAbsolutePath(),
                "-Dquarkus.tls.key-store.pem.0.key=" + ca.serverKeyPem().toAbsolutePath(),
                "-Dquarkus.bench.server-tls.engine=" + engine));
    }

    @Test
    void openSslByNameWhereItDoesNotLoadStopsStartUp() throws Exception {
        try (ServicePod pod = ServicePod.start("tls-engine-openssl", https("openssl"))) {
            assertTrue(pod.process.waitFor(90, TimeUnit.SECONDS), "still running:\n" + Files.readString(pod.log));
            assertNotEquals(0, pod.process.exitValue());
            String log = Files.readString(pod.log);
            assertTrue(log.contains("quarkus.bench.server-tls.engine=openssl, but BoringSSL (netty-tcnative) does not load"
                    + " on this platform: "), log);
            assertTrue(log.contains("noOpenSsl"), "Netty's reason: " + log);
        }
    }

    @Test
    void autoFallsBackToTheJdkAndSaysWhy() throws Exception {
        try (ServicePod pod = ServicePod.start("tls-engine-auto", https("auto"))) {
            awaitLive(pod);
            String log = Files.readString(pod.log);
            assertTrue(log.contains("HTTPS TLS engine: jdk (quarkus.bench.server-tls.engine=auto falls back to the JDK's"
                    + " engine: BoringSSL (netty-tcnative) does not load on this platform: "), log);

            HttpResponse<String> run = post(pod, "{\"target\":\"health\",\"connections\":1,\"duration\":\"1s\",\"warmup\":\"0s\","
                    + "\"tls\":true}");
            assertEquals(200, run.statusCode(), run.body());
            assertTrue(run.body().contains("\"serverTlsEngine\":\"jdk\""), run.body());
            for (String field : List.of("serverTlsEngine", "tlsEngine")) {
                HttpResponse<String> refused = post(pod, "{\"target\":\"health\",\"connections\":1,\"tls\":true,\"" + field
                        + "\":\"openssl\"}");
                assertEquals(400, refused.statusCode(), refused.body());
                assertTrue(refused.body().contains("\"field\":\"" + field + "\""), refused.body());
                assertTrue(refused.body().contains("does not load"), refused.body());
            }
        }
    }

    static HttpResponse<String> post(ServicePod pod, String spec) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + pod.port + "/q/bench/runs?wait=true"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(spec))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static void awaitLive(ServicePod pod) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            assertTrue(pod.process.isAlive(), "exited:\n" + Files.readString(pod.log));
            try {
                if (HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + pod.port + "/q/health/live")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException starting) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("not live in 90 s:\n" + Files.readString(pod.log));
    }
}
