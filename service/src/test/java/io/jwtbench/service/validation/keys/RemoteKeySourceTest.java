package io.jwtbench.service.validation.keys;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static io.jwtbench.service.validation.keys.Fixtures.*;
import static io.jwtbench.service.validation.keys.TestServer.json;
import static io.jwtbench.service.validation.keys.TestServer.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RemoteKeySourceTest {

    private static final Duration MIN_REFRESH = Duration.ofMillis(200);
    private static final Duration TIMEOUT = Duration.ofMillis(500);
    private static final long MAX_BYTES = 64 * 1024;
    /** Long enough that no scheduled refresh happens during a test unless it asks for one. */
    private static final RemoteSettings SETTINGS = new RemoteSettings(Duration.ofMinutes(10), MIN_REFRESH, TIMEOUT,
            MAX_BYTES).allowingInsecureHttp();  // TestServer is plain http on loopback
    private static final String ISSUER = "https://idp.example.com/realms/bench";

    private TestServer server;
    private ScheduledExecutorService scheduler;
    private HttpClient client;
    private final List<KeySource> sources = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        server = new TestServer();
        scheduler = Executors.newScheduledThreadPool(1);
        client = HttpClient.newBuilder().connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @AfterEach
    void tearDown() {
        sources.forEach(KeySource::close);
        server.close();
        scheduler.shutdownNow();
        client.shutdownNow();
    }

    private KeySource url(String path, RemoteSettings settings) {
        KeySource s = KeySources.url(server.uri(path), settings, client, scheduler, Clock.systemUTC());
        sources.add(s);
        return s;
    }

    private KeySource discovery(String issuer) {
        KeySource s = KeySources.discovery(server.uri("/.well-known/openid-configuration"), issuer, SETTINGS, client,
                scheduler, Clock.systemUTC());
        sources.add(s);
        return s;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(5);
        }
    }

    private static KeySet get(java.util.concurrent.CompletionStage<KeySet> stage) throws Exception {
        return stage.toCompletableFuture().get(3, TimeUnit.SECONDS);
    }

    /** Starts a url source on /jwks serving set A and waits for it to load. */
    private KeySource loadedWithSetA() throws Exception {
        server.respond("/jwks", json(setA()));
        KeySource source = url("/jwks", SETTINGS);
        source.start();
        await("set A loaded", () -> source.status().usable());
        assertEquals(1, server.count("/jwks"));
        return source;
    }

    @Test
    void urlSourceLoadsAsynchronously() throws Exception {
        server.respond("/jwks", json(setA()));
        KeySource source = url("/jwks", SETTINGS);
        assertFalse(source.status().usable());
        assertNull(source.status().lastAttempt());
        source.start();
        source.start(); // idempotent
        await("loaded", () -> source.status().usable());
        KeySourceStatus status = source.status();
        assertEquals("url:" + server.uri("/jwks"), status.origin());
        assertEquals(2, status.keyCount());
        assertNotNull(status.lastSuccess());
        assertNotNull(status.lastAttempt());
        assertNull(status.lastError());
        assertTrue(source.current().byKid("a1").permits("RS256"));
        assertTrue(source.current().byKid("a2").permits("ES256"));
        // "start() twice fetches once" is RefreshSchedulerTest's, with time driven by hand
    }

    @Test
    void rotationIsFoundByUnknownKidRefresh() throws Exception {
        KeySource source = loadedWithSetA();
        assertNull(source.current().byKid("b1"));
        server.respond("/jwks", json(setB()));
        KeySet set = get(source.refreshForUnknownKid("b1"));
        assertNotNull(set.byKid("b1"));
        assertSame(set, source.current());
        assertEquals(2, server.count("/jwks"));
        // known kid: answered at once, no fetch
        assertTrue(source.refreshForUnknownKid("b1").toCompletableFuture().isDone());
    }

    @Test
    void manyUnknownKidCallsInsideTheWindowCoalesceIntoOneFetch() throws Exception {
        KeySource source = loadedWithSetA();
        server.respond("/jwks", json(setB()));
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<CompletableFuture<KeySet>>> calls = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                calls.add(callers.submit(() -> {
                    long t0 = System.nanoTime();
                    CompletableFuture<KeySet> f = source.refreshForUnknownKid("b1").toCompletableFuture();
                    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                    assertTrue(tookMs < 100, "refreshForUnknownKid must not block, took " + tookMs + " ms");
                    return f;
                }));
            }
            for (Future<CompletableFuture<KeySet>> call : calls) {
                assertNotNull(get(call.get()).byKid("b1"), "every caller waits for the fetch and sees the new key");
            }
        } finally {
            callers.shutdownNow();
        }
        assertEquals(2, server.count("/jwks"), "64 callers inside the window cause exactly one extra fetch");
        List<Long> arrivals = server.arrivals("/jwks");
        long gapMs = TimeUnit.NANOSECONDS.toMillis(arrivals.get(1) - arrivals.get(0));
        assertTrue(gapMs >= MIN_REFRESH.toMillis() - 20, "rate limit respected, gap was " + gapMs + " ms");
    }

    // Random unknown kids (at most one fetch per window, then answered at once) are checked by
    // RefreshSchedulerTest.randomKidsCauseAtMostOneFetchPerWindow with time driven by hand.

    @Test
    void callerArrivingDuringAStaleInFlightFetchWaitsForTheNextOne() throws Exception {
        // the first fetch is answered with set A (chosen on arrival) but slowly
        server.respond("/jwks", new TestServer.Json(200, setA(), 300));
        KeySource source = url("/jwks", SETTINGS);
        source.start();
        await("first request arrived", () -> server.count("/jwks") == 1);
        server.respond("/jwks", json(setB()));
        KeySet set = get(source.refreshForUnknownKid("b1"));
        assertNotNull(set.byKid("b1"), "a fetch started before the request must not be the final answer");
        assertEquals(2, server.count("/jwks"));
    }

    @Test
    void serverErrorKeepsLastGoodKeys() throws Exception {
        KeySource source = loadedWithSetA();
        KeySet good = source.current();
        server.respond("/jwks", status(500));
        KeySet answered = get(source.refreshForUnknownKid("x"));
        assertSame(good, answered);
        assertSame(good, source.current());
        KeySourceStatus status = source.status();
        assertTrue(status.usable());
        assertEquals(2, status.keyCount());
        assertTrue(status.lastError().contains("HTTP status 500"), status.lastError());
        assertTrue(status.lastAttempt().isAfter(status.lastSuccess()));
        // after a failure an unknown kid is answered at once (no wait for a fetch that will likely
        // fail too) but still triggers the next fetch; recovery then clears the error
        server.respond("/jwks", json(setB()));
        assertNull(get(source.refreshForUnknownKid("b1")).byKid("b1"));
        await("recovered", () -> source.current().byKid("b1") != null);
        assertNull(source.status().lastError());
    }

    @Test
    void badJsonOrEmptySetKeepsLastGoodKeys() throws Exception {
        KeySource source = loadedWithSetA();
        KeySet good = source.current();
        server.respond("/jwks", json("{\"keys\":[],\"keys\":[]}"));
        assertSame(good, get(source.refreshForUnknownKid("x")));
        assertTrue(source.status().lastError().contains("not valid JSON"), source.status().lastError());
        server.respond("/jwks", json(jwks(rsaJwk(RSA_1024, "weak"))));
        assertSame(good, get(source.refreshForUnknownKid("weak")));
        await("second fetch failed", () -> source.status().lastError().contains("no usable keys"));
        assertSame(good, source.current());
    }

    @Test
    void hangingServerTimesOutWithoutBlockingCallers() throws Exception {
        KeySource source = loadedWithSetA();
        KeySet good = source.current();
        server.respond("/jwks", new TestServer.Hang());
        long t0 = System.nanoTime();
        CompletableFuture<KeySet> f = source.refreshForUnknownKid("y").toCompletableFuture();
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) < 100, "returned without waiting");
        assertFalse(f.isDone());
        assertSame(good, get(f));
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(tookMs < MIN_REFRESH.toMillis() + TIMEOUT.toMillis() + 700, "took " + tookMs + " ms");
        assertTrue(source.status().lastError().contains("timed out"), source.status().lastError());
        assertTrue(source.status().usable());
    }

    @Test
    void slowBodyIsCutOffByTheTimeout() throws Exception {
        // headers arrive at once, the body never completes: the per-request timeout must still fire
        server.respond("/slow", new TestServer.Stall());
        KeySource source = url("/slow", SETTINGS);
        long t0 = System.nanoTime();
        source.start();
        await("timed out", () -> source.status().lastError() != null);
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) < TIMEOUT.toMillis() + 700);
        assertFalse(source.status().usable());
        assertTrue(source.status().lastError().contains("timed out"), source.status().lastError());
    }

    @Test
    void connectionRefusedIsReported() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        KeySource source = KeySources.url(URI.create("http://127.0.0.1:" + port + "/jwks"), SETTINGS, client,
                scheduler, Clock.systemUTC());
        sources.add(source);
        source.start();
        await("error recorded", () -> source.status().lastError() != null);
        assertFalse(source.status().usable());
        assertTrue(source.status().lastError().startsWith("url:http://127.0.0.1:" + port), source.status().lastError());
    }

    @Test
    void oversizeBodiesAreRefused() throws Exception {
        server.respond("/chunked", new TestServer.Huge(4 * MAX_BYTES, false));
        server.respond("/announced", new TestServer.Huge(4 * MAX_BYTES, true));
        KeySource chunked = url("/chunked", SETTINGS);
        KeySource announced = url("/announced", SETTINGS);
        chunked.start();
        announced.start();
        await("both failed", () -> chunked.status().lastError() != null && announced.status().lastError() != null);
        assertFalse(chunked.status().usable());
        assertTrue(chunked.status().lastError().contains("exceeds the limit of " + MAX_BYTES),
                chunked.status().lastError());
        assertFalse(announced.status().usable());
        assertTrue(announced.status().lastError().contains("larger than the limit of " + MAX_BYTES),
                announced.status().lastError());

        // after a good load, an oversize answer keeps the good keys
        KeySource source = loadedWithSetA();
        KeySet good = source.current();
        server.respond("/jwks", new TestServer.Huge(4 * MAX_BYTES, false));
        assertSame(good, get(source.refreshForUnknownKid("z")));
        assertTrue(source.status().lastError().contains("exceeds"), source.status().lastError());
    }

    @Test
    void scheduledRefreshPicksUpChanges() throws Exception {
        server.respond("/jwks", json(setA()));
        KeySource source = url("/jwks", new RemoteSettings(Duration.ofMillis(200), Duration.ofMillis(50), TIMEOUT,
                MAX_BYTES).allowingInsecureHttp());
        source.start();
        await("set A", () -> source.current().byKid("a1") != null);
        server.respond("/jwks", json(setB()));
        await("scheduled refresh loads set B", () -> source.current().byKid("b1") != null);
        assertTrue(server.count("/jwks") >= 2);
    }

    @Test
    void unusableSourceRetriesWithBackoff() throws Exception {
        server.respond("/jwks", status(503));
        KeySource source = url("/jwks", SETTINGS);
        source.start();
        await("first failure", () -> source.status().lastError() != null);
        assertFalse(source.status().usable());
        server.respond("/jwks", json(setA()));
        await("retried and loaded", () -> source.status().usable()); // first retry after 1 s
        assertEquals(2, server.count("/jwks"));
    }

    @Test
    void closeReleasesWaitersAndStopsFetching() throws Exception {
        KeySource source = loadedWithSetA();
        server.respond("/jwks", json(setB()));
        CompletableFuture<KeySet> waiting = source.refreshForUnknownKid("b1").toCompletableFuture();
        source.close();
        KeySet answered = waiting.get(100, TimeUnit.MILLISECONDS);
        assertNull(answered.byKid("b1"));
        assertTrue(source.refreshForUnknownKid("b1").toCompletableFuture().isDone());
        // that no fetch follows a close is RefreshSchedulerTest's (no waiting for a window here)
    }

    @Test
    void discoveryResolvesJwksUri() throws Exception {
        server.respond("/.well-known/openid-configuration", json("""
                {"issuer":"%s","jwks_uri":"%s","id_token_signing_alg_values_supported":["RS256"]}"""
                .formatted(ISSUER, server.uri("/jwks"))));
        server.respond("/jwks", json(setA()));
        KeySource source = discovery(ISSUER);
        source.start();
        await("loaded", () -> source.status().usable());
        assertEquals("discovery:" + server.uri("/.well-known/openid-configuration"), source.status().origin());
        assertEquals(2, source.status().keyCount());
        // rotation uses the cached jwks_uri
        server.respond("/jwks", json(setB()));
        assertNotNull(get(source.refreshForUnknownKid("b1")).byKid("b1"));
        assertEquals(1, server.count("/.well-known/openid-configuration"));
        assertEquals(2, server.count("/jwks"));
    }

    @Test
    void discoveryIssuerMustMatchExactly() throws Exception {
        for (String served : List.of("https://evil.example.com/realms/bench", ISSUER + "/")) {
            server.respond("/.well-known/openid-configuration", json("{\"issuer\":\"" + served
                    + "\",\"jwks_uri\":\"" + server.uri("/jwks") + "\"}"));
            server.respond("/jwks", json(setA()));
            KeySource source = discovery(ISSUER);
            source.start();
            await("error", () -> source.status().lastError() != null);
            assertFalse(source.status().usable());
            String error = source.status().lastError();
            assertTrue(error.contains(served) && error.contains(ISSUER) && error.contains("issuer"), error);
            assertEquals(0, server.count("/jwks"), "keys of a mismatched issuer are never fetched");
            source.close();
        }
    }

    @Test
    void discoveryRejectsBadJwksUri() throws Exception {
        for (String doc : List.of("{\"issuer\":\"" + ISSUER + "\",\"jwks_uri\":\"file:///etc/passwd\"}",
                "{\"issuer\":\"" + ISSUER + "\",\"jwks_uri\":\"/relative/jwks\"}",
                "{\"issuer\":\"" + ISSUER + "\"}")) {
            server.respond("/.well-known/openid-configuration", json(doc));
            KeySource source = discovery(ISSUER);
            source.start();
            await("error", () -> source.status().lastError() != null);
            assertFalse(source.status().usable());
            assertTrue(source.status().lastError().contains("jwks_uri"), source.status().lastError());
            source.close();
        }
    }

    @Test
    void discoveryIsReReadAfterAFailedJwksFetch() throws Exception {
        String discoveryPath = "/.well-known/openid-configuration";
        server.respond(discoveryPath, json("{\"issuer\":\"" + ISSUER + "\",\"jwks_uri\":\"" + server.uri("/jwks1")
                + "\"}"));
        server.respond("/jwks1", json(setA()));
        KeySource source = discovery(ISSUER);
        source.start();
        await("loaded", () -> source.status().usable());
        // the IdP moves its keys
        server.respond(discoveryPath, json("{\"issuer\":\"" + ISSUER + "\",\"jwks_uri\":\"" + server.uri("/jwks2")
                + "\"}"));
        server.respond("/jwks1", status(404));
        server.respond("/jwks2", json(setB()));
        KeySet afterFailure = get(source.refreshForUnknownKid("b1"));
        assertNull(afterFailure.byKid("b1"));
        assertTrue(source.status().lastError().contains("404"), source.status().lastError());
        source.refreshForUnknownKid("b1");
        await("keys found through the re-read discovery document", () -> source.current().byKid("b1") != null);
        assertEquals(2, server.count(discoveryPath));
        assertEquals(1, server.count("/jwks2"));
    }

    @Test
    void onlyHttpUrisAreAccepted() {
        for (String bad : List.of("file:///etc/jwks.json", "ftp://idp/jwks", "/jwks", "https:///nohost",
                "https://user:pw@idp/jwks")) {
            assertThrows(IllegalArgumentException.class,
                    () -> KeySources.url(URI.create(bad), SETTINGS, client, scheduler, Clock.systemUTC()), bad);
            assertThrows(IllegalArgumentException.class,
                    () -> KeySources.discovery(URI.create(bad), ISSUER, SETTINGS, client, scheduler,
                            Clock.systemUTC()), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> KeySources.discovery(server.uri("/d"), "", SETTINGS,
                client, scheduler, Clock.systemUTC()));
    }
}
