package io.jwtbench.service.validation.keys;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.IssuerRegistry;
import io.jwtbench.service.validation.JwsAlgorithm;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.Reason;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static io.jwtbench.service.validation.keys.TestServer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Key rotation against a real local JWKS server: a kid asked for before the IdP publishes it is
 * accepted once min-refresh-interval has passed (not after the 30 s unknown-kid TTL), and a flood of
 * distinct random kids still gets at most one fetch per interval and no unbounded queue.
 */
class RotationWindowTest {
    static final Duration MIN_REFRESH = Duration.ofMillis(300);
    static final String ISS = "https://idp.test/realms/rotating";
    static final TestKey OLD = TestKey.rsa("old-1");
    static final TestKey NEXT = TestKey.rsa("next-1");

    TestServer server;
    ScheduledExecutorService scheduler;
    HttpClient client;
    KeySource source;

    @BeforeEach
    void setUp() throws Exception {
        server = new TestServer();
        scheduler = Executors.newScheduledThreadPool(1);
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @AfterEach
    void tearDown() {
        if (source != null) {
            source.close();
        }
        server.close();
        scheduler.shutdownNow();
        client.shutdownNow();
    }

    /** The default 30 s unknown-kid TTL, a short min-refresh-interval. */
    KeySource start(int maxWaiting) throws Exception {
        RemoteSettings settings = new RemoteSettings(Duration.ofMinutes(10), MIN_REFRESH, Duration.ofSeconds(2), 1 << 20,
                RemoteSettings.DEFAULT_UNKNOWN_KID_TTL, maxWaiting, true);
        source = KeySources.url(server.uri("/jwks"), settings, client, scheduler, Clock.systemUTC());
        source.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!source.status().usable()) {
            assertTrue(System.nanoTime() < deadline, "first load");
            Thread.sleep(5);
        }
        return source;
    }

    @Test
    void aKidPublishedAfterItWasFirstAskedForIsAcceptedOnceTheRateLimitAllows() throws Exception {
        server.respond("/jwks", json(TestKey.jwks(OLD)));
        start(RemoteSettings.DEFAULT_MAX_WAITING);
        JwtValidator validator = new JwtValidator(new IssuerRegistry(List.of(new Issuer("rotating", ISS, source,
                EnumSet.of(JwsAlgorithm.RS256), Set.of(), null, null, List.of(), true))),
                Duration.ofSeconds(30), 8192, Clock.systemUTC(), null);
        String early = Jws.sign(Jws.header(NEXT), Jws.payload(ISS), NEXT);

        // asked for before the IdP publishes it: one fetch, not found
        InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> validator.validate(early));
        assertEquals(Reason.UNKNOWN_KEY, e.reason());
        assertEquals(2, server.count("/jwks"));
        long missedAt = System.nanoTime();

        server.respond("/jwks", json(TestKey.jwks(OLD, NEXT)));  // the IdP publishes it
        Thread.sleep(MIN_REFRESH.toMillis() + 100);

        // one min-refresh-interval later (far inside the 30 s TTL): looked up again and accepted
        validator.validate(early);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - missedAt);
        assertEquals(3, server.count("/jwks"));
        assertTrue(tookMs < RemoteSettings.DEFAULT_UNKNOWN_KID_TTL.toMillis() / 2, "accepted after " + tookMs + " ms");
        // a real token of the new key is accepted too, without another fetch
        validator.validate(Jws.sign(Jws.header(NEXT), Jws.payload(ISS).replace("user-42", "user-7"), NEXT));
        assertEquals(3, server.count("/jwks"));
    }

    @Test
    void aFloodOfRandomKidsGetsAtMostOneFetchPerIntervalAndABoundedQueue() throws Exception {
        server.respond("/jwks", json(TestKey.jwks(OLD)));
        int maxWaiting = 64;
        RefreshScheduler scheduled = (RefreshScheduler) start(maxWaiting);
        int before = server.count("/jwks");
        List<CompletableFuture<KeySet>> answers = new ArrayList<>();
        int maxSeenWaiting = 0;
        long t0 = System.nanoTime();
        long floodNanos = TimeUnit.MILLISECONDS.toNanos(1500);
        while (System.nanoTime() - t0 < floodNanos) {
            answers.add(source.refreshForUnknownKid(UUID.randomUUID().toString()).toCompletableFuture());
            maxSeenWaiting = Math.max(maxSeenWaiting, scheduled.waiting());
            LockSupport.parkNanos(100_000);
        }
        for (CompletableFuture<KeySet> answer : answers) {
            answer.get(5, TimeUnit.SECONDS);
        }
        long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        int fetches = server.count("/jwks") - before;
        long allowed = (elapsedMs + MIN_REFRESH.toMillis() - 1) / MIN_REFRESH.toMillis() + 1;
        System.out.printf("%d random kids in %d ms: %d JWKS fetches (at most %d allowed), at most %d waiting%n",
                answers.size(), elapsedMs, fetches, allowed, maxSeenWaiting);
        assertTrue(answers.size() > 1000, answers.size() + " kids only");
        assertTrue(fetches >= 1 && fetches <= allowed, fetches + " fetches in " + elapsedMs + " ms");
        assertTrue(maxSeenWaiting <= maxWaiting, maxSeenWaiting + " waiting");
        assertEquals(0, scheduled.waiting(), "nothing left queued");
        assertTrue(scheduled.rememberedMissing() <= RefreshScheduler.MAX_MISSING_KIDS);
    }
}
