package io.jwtbench.service.models;

import com.sun.net.httpserver.HttpServer;
import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Requests waiting for an unknown-kid JWKS fetch do not hold worker threads. With
 * a worker pool of 2 and a JWKS endpoint that takes 3 s to answer a refresh, 6 requests with an
 * unknown kid are parked on /jwt/validate/worker; a valid token on the same route is still answered
 * at once (before, each parked request blocked a worker thread and the valid one waited for them).
 */
@QuarkusTest
@TestProfile(NonBlockingRoutesTest.SmallWorkerPool.class)
class NonBlockingRoutesTest {
    static final String ISS = "https://idp.test/realms/slow";
    static final TestKey KEY = TestKey.rsa("slow-1");

    public static class SmallWorkerPool implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.thread-pool.max-threads", "2", "quarkus.thread-pool.core-threads", "1");
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(SlowIdp.class));
        }
    }

    /** Answers the first JWKS fetch at once and every later one after 3 s. */
    public static class SlowIdp implements QuarkusTestResourceLifecycleManager {
        static final AtomicInteger FETCHES = new AtomicInteger();
        private HttpServer server;

        @Override
        public Map<String, String> start() {
            try {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
                server.createContext("/certs", exchange -> {
                    if (FETCHES.incrementAndGet() > 1) {
                        try {
                            Thread.sleep(3000);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    byte[] body = TestKey.jwks(KEY).getBytes(StandardCharsets.UTF_8);
                    exchange.sendResponseHeaders(200, body.length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(body);
                    }
                });
                server.start();
                return Map.of("jwt.issuers.slow.issuer", ISS,
                        "jwt.issuers.slow.jwks.url", "http://127.0.0.1:" + server.getAddress().getPort() + "/certs",
                        "jwt.jwks.allow-insecure-http", "true",
                        "jwt.jwks.min-refresh-interval", "100ms",
                        "jwt.jwks.timeout", "10s");
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void stop() {
            if (server != null) {
                server.stop(0);
            }
        }
    }

    @TestHTTPResource("/jwt/validate/worker")
    URL worker;

    @Test
    void parkedRequestsDoNotHoldWorkerThreads() throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        URI uri = worker.toURI();
        String valid = Jws.sign(Jws.header(KEY), Jws.payload(ISS), KEY);
        assertEquals(200, send(client, uri, valid).get(10, TimeUnit.SECONDS).statusCode());

        List<CompletableFuture<HttpResponse<String>>> parked = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            TestKey unknown = KEY.withKid("next-" + i);
            parked.add(send(client, uri, Jws.sign(Jws.header(unknown), Jws.payload(ISS), unknown)));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (SlowIdp.FETCHES.get() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(SlowIdp.FETCHES.get() >= 2, "the refresh fetch started");
        assertTrue(parked.stream().noneMatch(CompletableFuture::isDone), "the unknown kids wait for the fetch");

        long start = System.nanoTime();
        HttpResponse<String> response = send(client, uri, valid).get(10, TimeUnit.SECONDS);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(200, response.statusCode());
        assertTrue(ms < 1500, "a valid token waited " + ms + " ms behind requests parked on a JWKS fetch");

        for (CompletableFuture<HttpResponse<String>> f : parked) {
            HttpResponse<String> r = f.get(15, TimeUnit.SECONDS);
            assertEquals(401, r.statusCode());
            assertTrue(r.body().contains("UNKNOWN_KEY"), r.body());
        }
    }

    static CompletableFuture<HttpResponse<String>> send(HttpClient client, URI uri, String token) {
        return client.sendAsync(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15))
                .header("Authorization", "Bearer " + token).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
