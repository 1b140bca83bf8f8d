package io.jwtbench.service.web;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.IssuerRegistry;
import io.jwtbench.service.validation.JwsAlgorithm;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.TokenCache;
import io.jwtbench.service.validation.ValidationMetrics;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySources;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.ws.rs.core.Response;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.Size;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A property test of the whole token path, Authorization header to HTTP response, with
 * the production validator and real keys. Whatever the bytes, the answer is a 400 (invalid_request)
 * or a 401 with a reason code (or a 200 for a mutation that is still a valid token), never an
 * exception, never a 500, and within a time bound. Tries are bounded so it runs in a few seconds.
 */
class TokenPathPropertiesTest {
    static final String ISS = "https://idp.test/realms/fuzz";
    static final TestKey RSA = TestKey.rsa("rsa-1");
    static final TestKey EC = TestKey.ec256("ec-1");
    static final TestKey ED = TestKey.ed25519("ed-1");
    static final TestKey[] KEYS = {RSA, EC, ED};
    static final long NOW = Instant.now().getEpochSecond();
    static final long TIME_BOUND_MS = 2000;

    static final TokenEndpoint ENDPOINT = endpoint();

    static TokenEndpoint endpoint() {
        KeySource keys = KeySources.inline(TestKey.jwks(RSA, EC, ED));
        keys.start();
        JwtValidator validator = new JwtValidator(new IssuerRegistry(List.of(new Issuer("fuzz", ISS, keys,
                EnumSet.of(JwsAlgorithm.RS256, JwsAlgorithm.ES256, JwsAlgorithm.EdDSA), Set.of("orders-api"), null, null,
                List.of(), true))), Duration.ofSeconds(30), 8192, Clock.systemUTC(), new TokenCache(1000),
                Duration.ofDays(1));
        return new TokenEndpoint(validator, new ValidationMetrics(new SimpleMeterRegistry(), validator), new BenchRequestPolicy());
    }

    static String payload() {
        return "{\"iss\":\"" + ISS + "\",\"sub\":\"u\",\"aud\":[\"orders-api\"],\"iat\":" + NOW + ",\"exp\":" + (NOW + 600)
                + ",\"nbf\":" + (NOW - 10) + ",\"realm_access\":{\"roles\":[\"user\"]},\"scope\":\"openid\"}";
    }

    /** The outcome for one token, checked against the property. */
    static void check(String token, boolean mayBeValid) {
        long start = System.nanoTime();
        Response response;
        try {
            response = ENDPOINT.respondAsync(List.of("Bearer " + token), null).toCompletableFuture()
                    .get(TIME_BOUND_MS, TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            fail("the token path threw " + e, e);
            return;
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(ms < TIME_BOUND_MS, "took " + ms + " ms");
        int status = response.getStatus();
        switch (status) {
            case 200 -> assertTrue(mayBeValid, "an arbitrary string was answered valid");
            case 400 -> assertEquals("invalid_request", ((ValidationResponses.Invalid) response.getEntity()).error());
            case 401 -> {
                ValidationResponses.Invalid body = (ValidationResponses.Invalid) response.getEntity();
                assertNotNull(body.reason(), "a 401 for a token carries a reason code");
                assertTrue(body.message() == null || body.message().length() <= 200, "bounded message");
            }
            default -> fail("status " + status + " for " + abbreviate(token));
        }
    }

    static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }

    // --- arbitrary input ------------------------------------------------------------------------------------

    @Property(tries = 300, shrinking = ShrinkingMode.OFF)
    void anyByteStringIsRefusedWithAReason(@ForAll @Size(max = 3000) byte[] bytes) {
        check(new String(bytes, StandardCharsets.ISO_8859_1), false);
    }

    @Property(tries = 300, shrinking = ShrinkingMode.OFF)
    void anyTokenShapedStringIsRefusedWithAReason(@ForAll("tokenShaped") String token) {
        check(token, false);
    }

    @Provide
    Arbitrary<String> tokenShaped() {
        Arbitrary<String> segment = Arbitraries.strings().withChars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
                .ofMaxLength(400);
        return Combinators.combine(segment, segment, segment).as((a, b, c) -> a + "." + b + "." + c);
    }

    // --- mutated real tokens ------------------------------------------------------------------------------

    /** A real token with characters replaced, inserted or deleted anywhere (signature not redone). */
    @Property(tries = 400, shrinking = ShrinkingMode.OFF)
    void aMutatedRealTokenIsRefusedWithAReason(@ForAll("keyIndex") int key, @ForAll @Size(min = 1, max = 8) List<Integer> positions,
            @ForAll @Size(min = 8, max = 8) List<Character> replacements, @ForAll("operation") int operation) {
        TestKey k = KEYS[key];
        StringBuilder token = new StringBuilder(Jws.sign(Jws.header(k), payload(), k));
        for (int i = 0; i < positions.size(); i++) {
            int at = Math.floorMod(positions.get(i), token.length());
            char c = replacements.get(i);
            switch (operation) {
                case 0 -> token.setCharAt(at, c);
                case 1 -> token.insert(at, c);
                default -> token.deleteCharAt(at);
            }
            if (token.isEmpty()) {
                break;
            }
        }
        check(token.toString(), true);
    }

    /**
     * A real token whose header or payload JSON bytes were mutated and then signed again with the
     * issuer's real key: the mutation reaches the JSON parsers and the claim checks.
     */
    @Property(tries = 400, shrinking = ShrinkingMode.OFF)
    void aResignedMutationIsRefusedWithAReasonOrValid(@ForAll("keyIndex") int key, @ForAll boolean inHeader,
            @ForAll @Size(min = 1, max = 6) List<Integer> positions, @ForAll @Size(min = 6, max = 6) List<Byte> bytes) {
        TestKey k = KEYS[key];
        byte[] header = Jws.header(k).getBytes(StandardCharsets.UTF_8);
        byte[] body = payload().getBytes(StandardCharsets.UTF_8);
        byte[] target = inHeader ? header : body;
        for (int i = 0; i < positions.size(); i++) {
            target[Math.floorMod(positions.get(i), target.length)] = bytes.get(i);
        }
        check(Jws.signBytes(header, body, k), true);
    }

    /** Signed tokens with any numbers in the date claims (the values that made 500s before: 9.3e18, 1e17, 1e308). */
    @Property(tries = 300, shrinking = ShrinkingMode.OFF)
    void anyNumbersInTheDateClaimsGiveAnAnswer(@ForAll("keyIndex") int key, @ForAll("numericDate") String exp,
            @ForAll("numericDate") String iat, @ForAll("numericDate") String nbf) {
        TestKey k = KEYS[key];
        String claims = "{\"iss\":\"" + ISS + "\",\"aud\":\"orders-api\",\"exp\":" + exp + ",\"iat\":" + iat + ",\"nbf\":" + nbf + "}";
        check(Jws.sign(Jws.header(k), claims, k), true);
    }

    @Provide
    Arbitrary<String> numericDate() {
        return Arbitraries.oneOf(
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.doubles().filter(Double::isFinite).map(String::valueOf),
                Arbitraries.of("9.3e18", "1e17", "1e308", "-1e308", "253402300799", "253402300800", "-377705116801",
                        "99999999999999999999999", String.valueOf(NOW), String.valueOf(NOW + 60)));
    }

    @Provide
    Arbitrary<Integer> keyIndex() {
        return Arbitraries.integers().between(0, KEYS.length - 1);
    }

    @Provide
    Arbitrary<Integer> operation() {
        return Arbitraries.integers().between(0, 2);
    }
}
