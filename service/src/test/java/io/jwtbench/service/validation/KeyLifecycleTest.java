package io.jwtbench.service.validation;

import io.jwtbench.service.testing.HttpsJwksServer;
import io.jwtbench.service.testing.HttpsJwksServer.Answer;
import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySources;
import io.jwtbench.service.validation.keys.RemoteSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static io.jwtbench.service.testing.HttpsJwksServer.Answer.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A key's life cycle (published, removed, the source failing) against a real local HTTPS JWKS that rotates:
 * publish, remove, fail. Real keys, real tokens, the production validator and key source.
 */
class KeyLifecycleTest {
    static final String ISS = "https://idp.test/realms/rotating";
    static final TestKey K1 = TestKey.rsa("k1");
    static final TestKey K2 = TestKey.rsa("k2");
    static final TestKey K3 = TestKey.rsa("k3");
    /** Not the IdP's: signs junk tokens naming kids the IdP will publish later. */
    static final TestKey ATTACKER = TestKey.rsa("k2");

    /** Real time plus an offset the test moves: the key source's timers keep running. */
    static final class ShiftedClock extends java.time.Clock {
        volatile Duration offset = Duration.ZERO;

        @Override
        public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public java.time.Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public java.time.Instant instant() {
            return java.time.Instant.now().plus(offset);
        }
    }

    final ShiftedClock clock = new ShiftedClock();
    HttpsJwksServer idp;
    ScheduledExecutorService scheduler;
    ExecutorService retries;
    KeySource keys;
    TokenCache cache;
    JwtValidator validator;
    final List<AutoCloseable> closeables = new ArrayList<>();

    RemoteSettings settings() {
        return new RemoteSettings(Duration.ofMinutes(10), Duration.ofMillis(50), Duration.ofSeconds(3), 64 * 1024,
                Duration.ofSeconds(30), 256, false);
    }

    @BeforeEach
    void setUp() throws Exception {
        idp = new HttpsJwksServer();
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "test-jwks-refresh"));
        retries = Executors.newFixedThreadPool(2, r -> new Thread(r, "test-kid-retry"));
    }

    void start(RemoteSettings settings, String jwks) {
        idp.respond("/certs", json(jwks));
        keys = KeySources.url(idp.uri("/certs"), settings, idp.client(), scheduler, clock);
        keys.start();
        cache = new TokenCache(100, Duration.ofMinutes(10));
        validator = new JwtValidator(new IssuerRegistry(List.of(new Issuer("rot", ISS, keys, EnumSet.of(JwsAlgorithm.RS256),
                Set.of(), null, null, List.of(), true))), Duration.ofSeconds(30), 8192, clock, cache).completeOn(retries);
        await("first load", () -> !keys.current().isEmpty());
    }

    @AfterEach
    void tearDown() {
        if (keys != null) {
            keys.close();
        }
        idp.close();
        scheduler.shutdownNow();
        retries.shutdownNow();
    }

    String token(TestKey key) {
        long now = clock.instant().getEpochSecond();
        return Jws.sign(Jws.header(key), "{\"iss\":\"" + ISS + "\",\"sub\":\"u\",\"exp\":" + (now + 3600) + "}", key);
    }

    Reason refusal(String token) {
        return assertThrows(InvalidTokenException.class, () -> validator.validate(token)).reason();
    }

    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    // --- the cache is bound to the keys ------------------------------------------------------

    @Test
    void aRemovedKeyRefusesItsCachedTokensAtOnce() throws Exception {
        start(settings(), TestKey.jwks(K1, K2));
        String t1 = token(K1);
        String t2 = token(K2);
        validator.validate(t1);
        validator.validate(t1);
        validator.validate(t2);
        assertEquals(1, cache.hits(), "t1 was cached");

        // remove: the IdP drops k1; any fetch (here one for an unknown kid) brings the new set
        idp.respond("/certs", json(TestKey.jwks(K2)));
        assertEquals(Reason.UNKNOWN_KEY, refusal(token(K3)));
        assertEquals(Reason.UNKNOWN_KEY, refusal(t1), "a cached token of a removed key is refused at once");
        validator.validate(t2);

        // fail: the JWKS endpoint breaks; the last good keys stay, and so does the refusal
        idp.respond("/certs", Answer.status(500));
        assertEquals(Reason.UNKNOWN_KEY, refusal(token(K3.withKid("k4"))));  // k3 is negative-cached by now
        await("the failed fetch is recorded", () -> keys.status().lastError() != null);
        validator.validate(t2);
        assertEquals(Reason.UNKNOWN_KEY, refusal(t1));
    }

    @Test
    void aRefreshWithTheSameKeysKeepsTheCache() throws Exception {
        start(settings(), TestKey.jwks(K1));
        String t1 = token(K1);
        validator.validate(t1);
        int fetches = idp.count("/certs");
        assertEquals(Reason.UNKNOWN_KEY, refusal(token(K3)));  // a fetch that finds the same keys
        assertTrue(idp.count("/certs") > fetches);
        validator.validate(t1);
        assertEquals(1, cache.hits(), "unchanged keys: the entry is still a hit");
    }

    // --- unknown kids --------------------------------------------------------------------------

    @Test
    void aJunkTokenWithTheNextKidDoesNotBreakTheRotation() throws Exception {
        // a 2 s min-refresh-interval, so that "inside the window" does not depend on this machine's speed
        start(new RemoteSettings(Duration.ofMinutes(10), Duration.ofSeconds(2), Duration.ofSeconds(3), 64 * 1024,
                Duration.ofSeconds(30), 256, false), TestKey.jwks(K1));
        // someone sends a token naming k2 before the IdP publishes it
        assertEquals(Reason.UNKNOWN_KEY, refusal(token(ATTACKER)));
        // the IdP rotates: k2 appears
        idp.respond("/certs", json(TestKey.jwks(K1, K2)));
        // inside the rate-limit window of the fetch that missed it, the kid is answered without a fetch...
        int fetches = idp.count("/certs");
        assertEquals(Reason.UNKNOWN_KEY, refusal(token(K2)));
        assertEquals(fetches, idp.count("/certs"), "negative-cached: no fetch");
        // ...but only until the next fetch is permitted (a kid published meanwhile is found then), not for unknown-kid-ttl (30 s here)
        // nor until the next scheduled refresh (10 min)
        clock.offset = Duration.ofSeconds(2);
        validator.validate(token(K2));
        assertEquals(fetches + 1, idp.count("/certs"));
    }

    @Test
    void theNegativeCacheIsClearedWhenTheKeysChange() throws Exception {
        start(settings(), TestKey.jwks(K1));
        assertEquals(Reason.UNKNOWN_KEY, refusal(token(ATTACKER)));  // k2 negative-cached
        idp.respond("/certs", json(TestKey.jwks(K1, K2, K3)));
        validator.validate(token(K3));  // k3 is fetched; the keys changed, so k2 is forgotten
        validator.validate(token(K2));
    }

    @Test
    void waitingForAFetchIsCappedPerIssuer() throws Exception {
        start(settings().withMaxWaiting(4), TestKey.jwks(K1));
        idp.respond("/certs", json(TestKey.jwks(K1)).delayed(1500));
        List<CompletableFuture<?>> answers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            answers.add(keys.refreshForUnknownKid("random-" + i).toCompletableFuture());
        }
        long parked = answers.stream().filter(f -> !f.isDone()).count();
        assertTrue(parked <= 4, parked + " requests wait for the fetch; the cap is 4");
        assertTrue(parked >= 1, "the first ones do wait");
    }

    @Test
    void longOrUnprintableKidsNeverCauseAFetch() {
        start(settings(), TestKey.jwks(K1));
        int fetches = idp.count("/certs");
        String longKid = "x".repeat(JwtValidator.MAX_KID_LENGTH + 1);
        String t = Jws.sign("{\"alg\":\"RS256\",\"kid\":\"" + longKid + "\"}", "{\"iss\":\"" + ISS + "\",\"exp\":"
                + (clock.instant().getEpochSecond() + 60) + "}", K1);
        InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> validator.validate(t));
        assertEquals(Reason.UNKNOWN_KEY, e.reason());
        assertFalse(e.getMessage().contains(longKid));
        String control = Jws.sign("{\"alg\":\"RS256\",\"kid\":\"k\\u0001\"}", "{\"iss\":\"" + ISS + "\",\"exp\":"
                + (clock.instant().getEpochSecond() + 60) + "}", K1);
        assertEquals(Reason.UNKNOWN_KEY, refusal(control));
        assertEquals(fetches, idp.count("/certs"));
    }

    @Test
    void answersThatWaitedForAFetchAreComputedOffTheRefreshThread() throws Exception {
        start(settings(), TestKey.jwks(K1));
        idp.respond("/certs", json(TestKey.jwks(K1, K2)).delayed(300));
        String thread = validator.validateAsync(token(K2))
                .thenApply(valid -> Thread.currentThread().getName())
                .toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertFalse(thread.startsWith("test-jwks-refresh"), "completed on " + thread);
    }

    // --- https only, no downgrade, no redirects ---------------------------------------------------

    @Test
    void plainHttpIsRefusedUnlessTheDevelopmentOverrideIsOn() {
        URI http = URI.create("http://127.0.0.1:1/certs");
        assertThrows(IllegalArgumentException.class, () -> KeySources.url(http, settings(), idp.client(), scheduler, clock));
        assertThrows(IllegalArgumentException.class, () -> KeySources.discovery(http, ISS, settings(), idp.client(), scheduler, clock));
        KeySources.url(http, settings().allowingInsecureHttp(), idp.client(), scheduler, clock).close();
    }

    @Test
    void redirectsAreRefused() {
        idp.respond("/certs", json(TestKey.jwks(K1)));
        idp.respond("/moved", Answer.redirect(idp.uri("/certs").toString()));
        assertThrows(IllegalArgumentException.class,
                () -> KeySources.url(idp.uri("/moved"), settings(), idp.redirectingClient(), scheduler, clock));
        keys = KeySources.url(idp.uri("/moved"), settings(), idp.client(), scheduler, clock);
        keys.start();
        await("the redirect is a failed fetch", () -> keys.status().lastError() != null);
        assertTrue(keys.current().isEmpty());
        assertTrue(keys.status().lastError().contains("302"), keys.status().lastError());
        assertEquals(0, idp.count("/certs"), "the redirect was not followed");
    }

    @Test
    void anHttpsDiscoveryDocumentMayNotPointToHttp() {
        idp.respond("/.well-known/openid-configuration",
                json("{\"issuer\":\"" + ISS + "\",\"jwks_uri\":\"http://127.0.0.1:1/certs\"}"));
        keys = KeySources.discovery(idp.uri("/.well-known/openid-configuration"), ISS, settings().allowingInsecureHttp(),
                idp.client(), scheduler, clock);
        keys.start();
        await("discovery refused", () -> keys.status().lastError() != null);
        assertTrue(keys.status().lastError().contains("not https"), keys.status().lastError());
        // and over https, discovery works
        idp.respond("/.well-known/openid-configuration",
                json("{\"issuer\":\"" + ISS + "\",\"jwks_uri\":\"" + idp.uri("/certs") + "\"}"));
        idp.respond("/certs", json(TestKey.jwks(K1)));
        KeySource good = KeySources.discovery(idp.uri("/.well-known/openid-configuration"), ISS, settings(), idp.client(),
                scheduler, clock);
        try {
            good.start();
            await("discovery over https", () -> !good.current().isEmpty());
        } finally {
            good.close();
        }
    }
}
