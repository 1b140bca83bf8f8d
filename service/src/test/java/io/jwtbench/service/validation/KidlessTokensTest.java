package io.jwtbench.service.validation;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySources;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A token without kid costs at most one signature verification, whatever the
 * number of keys its issuer publishes. Real RSA-4096 keys, real signatures, CPU time measured.
 */
class KidlessTokensTest {
    static final String MANY_ISS = "https://idp.test/realms/many";
    static final String ONE_ISS = "https://idp.test/realms/one";
    static final String MIXED_ISS = "https://idp.test/realms/mixed";
    static final int KEYS = 16;

    /**
     * 16 JWKs of 4096 bits. Two distinct key pairs, each published under 8 kids: what a verification
     * costs depends on the JWK it is tried with, not on whether two JWKs share a modulus, and two
     * generations keep the test's set-up short on a busy machine.
     */
    static final TestKey[] PAIRS = {TestKey.rsa("big-0", "RS256", 4096), TestKey.rsa("big-1", "RS256", 4096)};
    static final List<TestKey> MANY = many();
    static final TestKey ONE = TestKey.rsa("one-1");
    static final TestKey MIXED_RSA = TestKey.rsa("mixed-rsa");
    static final TestKey MIXED_EC = TestKey.ec256("mixed-ec");

    static final KeySource MANY_KEYS = AttackTokensTest.started(KeySources.inline(TestKey.jwks(MANY.toArray(TestKey[]::new))));
    static final KeySource ONE_KEY = AttackTokensTest.started(KeySources.inline(TestKey.jwks(ONE)));
    static final KeySource MIXED_KEYS = AttackTokensTest.started(KeySources.inline(TestKey.jwks(MIXED_RSA, MIXED_EC)));

    static final JwtValidator VALIDATOR = new JwtValidator(new IssuerRegistry(List.of(
            new Issuer("many", MANY_ISS, MANY_KEYS, EnumSet.of(JwsAlgorithm.RS256), Set.of(), null, null, List.of(), true),
            new Issuer("one", ONE_ISS, ONE_KEY, EnumSet.of(JwsAlgorithm.RS256), Set.of(), null, null, List.of(), true),
            new Issuer("mixed", MIXED_ISS, MIXED_KEYS, EnumSet.of(JwsAlgorithm.RS256, JwsAlgorithm.ES256), Set.of(),
                    null, null, List.of(), true))),
            Duration.ofSeconds(30), 8192, Clock.systemUTC(), null);

    static List<TestKey> many() {
        List<TestKey> keys = new ArrayList<>();
        for (int i = 0; i < KEYS; i++) {
            keys.add(PAIRS[i % PAIRS.length].withKid("big-" + i));
        }
        return keys;
    }

    @AfterAll
    static void close() {
        MANY_KEYS.close();
        ONE_KEY.close();
        MIXED_KEYS.close();
    }

    static InvalidTokenException refused(String token) {
        return assertThrows(InvalidTokenException.class, () -> VALIDATOR.validate(token));
    }

    /** A token whose signature is 512 random bytes (the length of an RSA-4096 signature). */
    static String randomSignature(String header, Random random) {
        String payload = Jws.payload(MANY_ISS).replace("user-42", "user-" + random.nextInt(1_000_000));
        byte[] signature = new byte[512];
        random.nextBytes(signature);
        return AttackTokensTest.b64(header) + "." + AttackTokensTest.b64(payload) + "."
                + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
    }

    @Test
    void kidlessTokensOfAnIssuerWithManyKeysAreUnknownKeyEvenWhenCorrectlySigned() {
        // Correctly signed by one of the 16 keys: still refused, the token does not say which key.
        InvalidTokenException e = refused(Jws.sign("{\"alg\":\"RS256\"}", Jws.payload(MANY_ISS), MANY.get(3)));
        assertEquals(Reason.UNKNOWN_KEY, e.reason(), e.getMessage());
        // The same token with its kid passes: the keys themselves are fine.
        assertDoesNotThrow(Jws.sign(Jws.header(MANY.get(3)), Jws.payload(MANY_ISS), MANY.get(3)));
    }

    @Test
    void aKidlessTokenCostsNoMoreThanAKidBearingOne() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        assertTrue(threads.isCurrentThreadCpuTimeSupported(), "thread CPU time is needed for this test");
        Random random = new Random(21);
        int n = 200;
        List<String> kidless = new ArrayList<>();
        List<String> withKid = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            kidless.add(randomSignature("{\"alg\":\"RS256\"}", random));
            withKid.add(randomSignature("{\"alg\":\"RS256\",\"kid\":\"big-" + (i % KEYS) + "\"}", random));
        }
        // Warm-up of both paths (JIT), then interleaved rounds so that noise from other processes
        // falls on both sides alike.
        for (int i = 0; i < 40; i++) {
            assertEquals(Reason.UNKNOWN_KEY, refused(kidless.get(i)).reason());
            assertEquals(Reason.SIGNATURE_INVALID, refused(withKid.get(i)).reason());
        }
        long kidlessNanos = 0;
        long withKidNanos = 0;
        for (int round = 0; round < 4; round++) {
            long t0 = threads.getCurrentThreadCpuTime();
            for (String token : kidless) {
                InvalidTokenException e = refused(token);
                assertEquals(Reason.UNKNOWN_KEY, e.reason(), e.getMessage());
            }
            long t1 = threads.getCurrentThreadCpuTime();
            for (String token : withKid) {
                InvalidTokenException e = refused(token);
                assertEquals(Reason.SIGNATURE_INVALID, e.reason(), e.getMessage());
            }
            long t2 = threads.getCurrentThreadCpuTime();
            kidlessNanos += t1 - t0;
            withKidNanos += t2 - t1;
        }
        double ratio = (double) kidlessNanos / withKidNanos;
        System.out.printf("kid-less vs kid-bearing bad signatures, %d keys of 4096 bits, 4 x %d each: "
                + "%.1f us vs %.1f us CPU per token, ratio %.2f%n", KEYS, n,
                kidlessNanos / 1e3 / (4 * n), withKidNanos / 1e3 / (4 * n), ratio);
        // One verification per key (the old rule) would be about 16x; at most one verification is <= 1x.
        assertTrue(ratio <= 2.0, "a kid-less token cost " + ratio + "x the CPU of a kid-bearing one");
    }

    @Test
    void anIssuerWithExactlyOneKeyStillAcceptsKidlessTokens() throws Exception {
        ValidatedToken t = VALIDATOR.validate(Jws.sign("{\"alg\":\"RS256\",\"typ\":\"JWT\"}", Jws.payload(ONE_ISS), ONE));
        assertEquals("user-42", t.subject());
        InvalidTokenException e = refused(Jws.sign("{\"alg\":\"RS256\"}", Jws.payload(ONE_ISS), TestKey.rsa("other")));
        assertEquals(Reason.SIGNATURE_INVALID, e.reason(), e.getMessage());
    }

    @Test
    void oneKeyPerAlgorithmIsEnough() throws Exception {
        // an RSA and an EC key: each kid-less token has exactly one candidate for its alg
        VALIDATOR.validate(Jws.sign("{\"alg\":\"RS256\"}", Jws.payload(MIXED_ISS), MIXED_RSA));
        VALIDATOR.validate(Jws.sign("{\"alg\":\"ES256\"}", Jws.payload(MIXED_ISS), MIXED_EC));
    }

    static void assertDoesNotThrow(String token) {
        org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> VALIDATOR.validate(token));
    }
}
