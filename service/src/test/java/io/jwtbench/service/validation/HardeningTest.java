package io.jwtbench.service.validation;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.jwtbench.service.validation.AttackTokensTest.ISS;
import static io.jwtbench.service.validation.AttackTokensTest.NOW;
import static io.jwtbench.service.validation.AttackTokensTest.RSA;
import static io.jwtbench.service.validation.AttackTokensTest.VALIDATOR;
import static io.jwtbench.service.validation.SignatureBytes.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The validator's hardening: dates out of range, strict UTF-8, bounded messages, cty spellings; real keys, correctly signed tokens. */
class HardeningTest {

    static InvalidTokenException refused(JwtValidator validator, String token) {
        return assertThrows(InvalidTokenException.class, () -> validator.validate(token));
    }

    static String signed(String payload) {
        return Jws.sign(Jws.header(RSA), payload, RSA);
    }

    static String claims(String extra) {
        return "{\"iss\":\"" + ISS + "\",\"sub\":\"u\",\"aud\":\"orders-api\"," + extra + "}";
    }

    // --- dates out of range are INVALID_CLAIM, never an exception ----------------------------------

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"\"exp\":1e308", "\"exp\":9300000000000000000", "\"exp\":253402300800",
            "\"exp\":99999999999999999999999", "\"exp\":-1e300",
            "\"exp\":NOWPLUS60,\"iat\":9.3e18", "\"exp\":NOWPLUS60,\"nbf\":1e17", "\"exp\":NOWPLUS60,\"iat\":-9.3e18",
            "\"exp\":NOWPLUS60,\"nbf\":-100000000000000"})
    void datesOutsideTheYears9999AreInvalidClaims(String dates) {
        InvalidTokenException e = refused(VALIDATOR, signed(claims(dates.replace("NOWPLUS60", String.valueOf(NOW + 60)))));
        assertEquals(Reason.INVALID_CLAIM, e.reason(), e.getMessage());
    }

    @Test
    void aLongButRealExpIsStillAccepted() throws Exception {
        VALIDATOR.validate(signed(claims("\"exp\":253402300799")));  // 9999-12-31T23:59:59Z
    }

    @Test
    void maxTokenLifetimeIsEnforcedWhenConfigured() throws Exception {
        JwtValidator limited = new JwtValidator(new IssuerRegistry(List.of(new Issuer("a", ISS, AttackTokensTest.KEYS,
                EnumSet.of(JwsAlgorithm.RS256), Set.of(), null, null, List.of(), true))),
                Duration.ofSeconds(30), 8192, Clock.systemUTC(), null, Duration.ofHours(1));
        limited.validate(signed(claims("\"iat\":" + NOW + ",\"exp\":" + (NOW + 3600))));
        assertEquals(Reason.INVALID_CLAIM, refused(limited, signed(claims("\"iat\":" + NOW + ",\"exp\":" + (NOW + 3601)))).reason());
        // without iat, from now
        assertEquals(Reason.INVALID_CLAIM, refused(limited, signed(claims("\"exp\":" + (NOW + 86400)))).reason());
    }

    // --- strict UTF-8 ----------------------------------------------------------------------------

    static String withPayloadBytes(byte[] payload) {
        return Jws.signBytes(Jws.header(RSA).getBytes(StandardCharsets.UTF_8), payload, RSA);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"UTF-16LE", "UTF-16BE", "UTF-16", "UTF-32LE", "UTF-32BE"})
    void payloadsInOtherUnicodeEncodingsAreMalformed(String charset) {
        String token = withPayloadBytes(claims("\"exp\":" + (NOW + 60)).getBytes(Charset.forName(charset)));
        assertEquals(Reason.MALFORMED, refused(VALIDATOR, token).reason());
    }

    @Test
    void bomOverlongAndOutOfRangeUtf8AreMalformed() {
        byte[] good = claims("\"exp\":" + (NOW + 60)).getBytes(StandardCharsets.UTF_8);
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        assertEquals(Reason.MALFORMED, refused(VALIDATOR, withPayloadBytes(concat(bom, good))).reason(), "BOM");
        // "sub":"<overlong '/'>" : C0 AF
        String[] around = claims("\"exp\":" + (NOW + 60) + ",\"name\":\"X\"").split("X");
        byte[][] bad = {
                {(byte) 0xC0, (byte) 0xAF},                           // overlong '/'
                {(byte) 0xE0, (byte) 0x80, (byte) 0xAF},              // overlong, 3 bytes
                {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // U+110000
                {(byte) 0xED, (byte) 0xA0, (byte) 0x80},              // a UTF-16 surrogate (CESU-8)
                {(byte) 0xFF}};
        for (byte[] b : bad) {
            String token = withPayloadBytes(concat(around[0].getBytes(StandardCharsets.UTF_8), b, around[1].getBytes(StandardCharsets.UTF_8)));
            assertEquals(Reason.MALFORMED, refused(VALIDATOR, token).reason());
        }
        byte[] bomHeader = concat(bom, Jws.header(RSA).getBytes(StandardCharsets.UTF_8));
        assertEquals(Reason.MALFORMED, refused(VALIDATOR, Jws.signBytes(bomHeader, good, RSA)).reason(), "BOM in the header");
    }

    @Test
    void realNonAsciiUtf8StillValidates() throws Exception {
        ValidatedToken t = VALIDATOR.validate(signed(claims("\"exp\":" + (NOW + 60) + ",\"name\":\"Zo\u00eb \ud83d\ude00\"")));
        assertEquals("Zo\u00eb \ud83d\ude00", t.claims().get("name"));
    }

    // --- bounded messages, nothing about the issuer before the signature ----------------------------

    @Test
    void attackerInputIsNotEchoedUnbounded() {
        String longAlg = "A".repeat(5000);
        InvalidTokenException e = refused(VALIDATOR, Jws.sign("{\"alg\":\"" + longAlg + "\"}", Jws.payload(ISS), RSA));
        assertEquals(Reason.UNSUPPORTED_ALGORITHM, e.reason());
        assertTrue(e.getMessage().length() <= InvalidTokenException.MAX_MESSAGE, e.getMessage().length() + " characters");
        e = refused(VALIDATOR, "x".repeat(5000) + ".e30.c2ln");
        assertTrue(e.getMessage().length() <= InvalidTokenException.MAX_MESSAGE, e.getMessage());
    }

    @Test
    void refusalsBeforeTheSignatureDoNotDescribeTheIssuersConfiguration() {
        InvalidTokenException alg = refused(VALIDATOR, Jws.sign("{\"alg\":\"PS256\",\"kid\":\"rsa-1\"}",
                Jws.payload(AttackTokensTest.STRICT_ISS), RSA.withAlg("PS256")));
        assertEquals(Reason.UNSUPPORTED_ALGORITHM, alg.reason());
        assertFalse(alg.getMessage().contains("RS256"), alg.getMessage());
        InvalidTokenException key = refused(VALIDATOR, Jws.sign("{\"alg\":\"RS256\",\"kid\":\"ec-1\"}", Jws.payload(ISS), RSA));
        assertEquals(Reason.KEY_ALGORITHM_MISMATCH, key.reason());
        assertFalse(key.getMessage().contains("EC") || key.getMessage().contains("P-256"), key.getMessage());
    }

    // --- cty spellings, immutable claims ------------------------------------------------------------

    @ParameterizedTest(name = "cty {0}")
    @ValueSource(strings = {"JWT", "jwt", "application/JWT", "APPLICATION/jwt"})
    void everySpellingOfANestedJwtIsRefused(String cty) {
        InvalidTokenException e = refused(VALIDATOR, Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"cty\":\"" + cty + "\"}",
                Jws.payload(ISS), RSA));
        assertEquals(Reason.UNSUPPORTED_HEADER, e.reason());
    }

    @Test
    @SuppressWarnings("unchecked")
    void validatedClaimsCannotBeChanged() throws Exception {
        ValidatedToken t = VALIDATOR.validate(AttackTokensTest.valid());
        assertThrows(UnsupportedOperationException.class, () -> t.claims().put("sub", "admin"));
        Map<String, Object> realm = (Map<String, Object>) t.claims().get("realm_access");
        assertThrows(UnsupportedOperationException.class, () -> realm.put("roles", List.of("admin")));
        List<Object> roles = (List<Object>) realm.get("roles");
        assertThrows(UnsupportedOperationException.class, () -> roles.add("admin"));
    }

    @Test
    void aRuntimeFailureInsideValidationIsARefusalNotAnException() {
        // A key source that breaks: whatever throws on the validation path ends as a 401-class refusal.
        io.jwtbench.service.validation.keys.KeySource broken = new io.jwtbench.service.validation.keys.KeySource() {
            public io.jwtbench.service.validation.keys.KeySet current() {
                throw new IllegalStateException("boom");
            }

            public java.util.concurrent.CompletionStage<io.jwtbench.service.validation.keys.KeySet> refreshForUnknownKid(String kid) {
                throw new IllegalStateException("boom");
            }

            public io.jwtbench.service.validation.keys.KeySourceStatus status() {
                return null;
            }

            public void start() {
            }

            public void close() {
            }
        };
        JwtValidator validator = new JwtValidator(new IssuerRegistry(List.of(new Issuer("a", ISS, broken,
                EnumSet.of(JwsAlgorithm.RS256), Set.of(), null, null, List.of(), true))),
                Duration.ofSeconds(30), 8192, Clock.systemUTC(), null);
        assertEquals(Reason.MALFORMED, refused(validator, AttackTokensTest.valid()).reason());
        assertTrue(validator.validateAsync(AttackTokensTest.valid()).toCompletableFuture().isCompletedExceptionally());
    }
}
