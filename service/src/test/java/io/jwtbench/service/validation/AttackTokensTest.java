package io.jwtbench.service.validation;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySources;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static io.jwtbench.service.validation.JwsAlgorithm.ES256;
import static io.jwtbench.service.validation.JwsAlgorithm.EdDSA;
import static io.jwtbench.service.validation.JwsAlgorithm.PS256;
import static io.jwtbench.service.validation.JwsAlgorithm.RS256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Every rule of the strict pipeline, as a real token that breaks it: minted here with real
 * keys, signed correctly unless the attack is the signature, so each case proves the rule it
 * names and not an earlier one.
 */
class AttackTokensTest {
    static final String ISS = "https://idp.test/realms/a";
    static final String STRICT_ISS = "https://idp.test/realms/strict";

    static final TestKey RSA = TestKey.rsa("rsa-1");
    static final TestKey EC = TestKey.ec256("ec-1");
    static final TestKey ED = TestKey.ed25519("ed-1");
    /** A different key that claims a trusted kid. */
    static final TestKey ATTACKER = TestKey.rsa("rsa-1");
    static final TestKey WEAK = TestKey.rsa("weak-1", "RS256", 1024);
    static final TestKey ENCRYPTION = TestKey.rsa("enc-1").withJwkMembers("\"use\":\"enc\"");
    static final TestKey PINNED = TestKey.rsa("pinned-1").withJwkMembers("\"alg\":\"RS256\"");

    static final KeySource KEYS = started(KeySources.inline(TestKey.jwks(RSA, EC, ED, WEAK, ENCRYPTION, PINNED)));
    static final KeySource STRICT_KEYS = started(KeySources.inline(TestKey.jwks(RSA)));

    static final JwtValidator VALIDATOR = new JwtValidator(new IssuerRegistry(List.of(
            new Issuer("a", ISS, KEYS, EnumSet.of(RS256, PS256, ES256, EdDSA), Set.of("orders-api"), null, null,
                    List.of("sub"), true),
            new Issuer("strict", STRICT_ISS, STRICT_KEYS, EnumSet.of(RS256), Set.of(), "web-client", "at+jwt",
                    List.of(), true))),
            Duration.ofSeconds(30), 8192, Clock.systemUTC(), null);

    static final long NOW = Instant.now().getEpochSecond();

    @AfterAll
    static void close() {
        KEYS.close();
        STRICT_KEYS.close();
    }

    static Stream<Arguments> attacks() {
        return Stream.concat(signatureAttacks(), Stream.of(
                // algorithm confusion
                attack("alg none, empty signature", Reason.UNSUPPORTED_ALGORITHM,
                        () -> unsigned("{\"alg\":\"none\"}", Jws.payload(ISS))),
                attack("alg NONE in capitals", Reason.UNSUPPORTED_ALGORITHM,
                        () -> unsigned("{\"alg\":\"NONE\",\"kid\":\"rsa-1\"}", Jws.payload(ISS))),
                attack("HS256 keyed with the issuer's RSA public key", Reason.UNSUPPORTED_ALGORITHM, AttackTokensTest::hmacWithPublicKey),
                attack("alg unknown to JOSE", Reason.UNSUPPORTED_ALGORITHM,
                        () -> Jws.sign("{\"alg\":\"RS1\",\"kid\":\"rsa-1\"}", Jws.payload(ISS), RSA.withAlg("RS256"))),
                attack("alg valid but not on the issuer's allow-list", Reason.UNSUPPORTED_ALGORITHM,
                        () -> Jws.sign("{\"alg\":\"PS256\",\"kid\":\"rsa-1\"}", Jws.payload(STRICT_ISS), RSA.withAlg("PS256"))),
                attack("EC key named by kid, RS256 in header", Reason.KEY_ALGORITHM_MISMATCH,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"ec-1\"}", Jws.payload(ISS), RSA)),
                attack("JWK pinned to RS256, token PS256", Reason.KEY_ALGORITHM_MISMATCH,
                        () -> Jws.sign("{\"alg\":\"PS256\",\"kid\":\"pinned-1\"}", Jws.payload(ISS), PINNED.withAlg("PS256"))),
                // headers that must never be honoured
                attack("crit naming exp", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"crit\":[\"exp\"],\"exp\":1}", Jws.payload(ISS), RSA)),
                attack("empty crit list", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"crit\":[]}", Jws.payload(ISS), RSA)),
                attack("zip DEF", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"zip\":\"DEF\"}", Jws.payload(ISS), RSA)),
                attack("b64 false", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"b64\":false}", Jws.payload(ISS), RSA)),
                attack("embedded jwk of the attacker's key", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"jwk\":" + ATTACKER.jwk() + "}", Jws.payload(ISS), ATTACKER)),
                attack("jku to the attacker's JWKS", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"x\",\"jku\":\"http://127.0.0.1:9/jwks\"}", Jws.payload(ISS), ATTACKER)),
                attack("x5u to the attacker's certificate", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"x5u\":\"http://127.0.0.1:9/cert\"}", Jws.payload(ISS), ATTACKER)),
                attack("x5c chain", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"x5c\":[\"MIIB\"]}", Jws.payload(ISS), ATTACKER)),
                attack("nested JWT", Reason.UNSUPPORTED_HEADER,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"cty\":\"JWT\"}", Jws.payload(ISS), RSA)),
                // keys
                attack("kid not in the JWKS", Reason.UNKNOWN_KEY,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rotated-away\"}", Jws.payload(ISS), RSA)),
                attack("no kid, the issuer has several keys for the alg (one verification at most)", Reason.UNKNOWN_KEY,
                        () -> Jws.sign("{\"alg\":\"RS256\"}", Jws.payload(ISS), RSA)),
                attack("RSA 1024 key in the JWKS is refused", Reason.UNKNOWN_KEY,
                        () -> Jws.sign(Jws.header(WEAK), Jws.payload(ISS), WEAK)),
                attack("JWK with use=enc is not a signing key", Reason.UNKNOWN_KEY,
                        () -> Jws.sign(Jws.header(ENCRYPTION), Jws.payload(ISS), ENCRYPTION)),
                // issuer
                attack("iss not configured", Reason.ISSUER_UNKNOWN,
                        () -> Jws.sign(Jws.header(ATTACKER), Jws.payload("https://evil.test"), ATTACKER)),
                attack("no iss", Reason.ISSUER_UNKNOWN,
                        () -> Jws.sign(Jws.header(RSA), "{\"sub\":\"u\",\"exp\":" + (NOW + 60) + "}", RSA)),
                attack("iss differs only by a trailing slash", Reason.ISSUER_UNKNOWN,
                        () -> Jws.sign(Jws.header(RSA), Jws.payload(ISS + "/"), RSA)),
                attack("iss a number", Reason.MALFORMED,
                        () -> Jws.sign(Jws.header(RSA), "{\"iss\":1,\"exp\":" + (NOW + 60) + "}", RSA)),
                attack("duplicate iss, trusted one first", Reason.MALFORMED,
                        () -> Jws.sign(Jws.header(RSA), "{\"iss\":\"" + ISS + "\",\"sub\":\"u\",\"exp\":" + (NOW + 60)
                                + ",\"iss\":\"https://evil.test\"}", RSA)),
                // time
                attack("expired beyond the skew", Reason.TOKEN_EXPIRED, () -> withClaims("\"exp\":" + (NOW - 31))),
                attack("no exp", Reason.MISSING_CLAIM, () -> withClaims(null)),
                attack("exp a string", Reason.INVALID_CLAIM, () -> withClaims("\"exp\":\"" + (NOW + 60) + "\"")),
                attack("exp null", Reason.INVALID_CLAIM, () -> withClaims("\"exp\":null")),
                attack("nbf beyond the skew", Reason.TOKEN_NOT_YET_VALID,
                        () -> withClaims("\"exp\":" + (NOW + 600) + ",\"nbf\":" + (NOW + 120))),
                attack("iat in the future", Reason.ISSUED_IN_FUTURE,
                        () -> withClaims("\"exp\":" + (NOW + 600) + ",\"iat\":" + (NOW + 120))),
                // audience, azp, typ, required claims
                attack("aud without the configured audience", Reason.AUDIENCE_MISMATCH,
                        () -> withClaims("\"exp\":" + (NOW + 60) + ",\"aud\":[\"billing-api\"]")),
                attack("no aud where one is required", Reason.AUDIENCE_MISMATCH,
                        () -> Jws.sign(Jws.header(RSA), "{\"iss\":\"" + ISS + "\",\"sub\":\"u\",\"exp\":" + (NOW + 60) + "}", RSA)),
                attack("aud a number", Reason.INVALID_CLAIM, () -> withClaims("\"exp\":" + (NOW + 60) + ",\"aud\":7")),
                attack("sub an object", Reason.INVALID_CLAIM,
                        () -> Jws.sign(Jws.header(RSA), "{\"iss\":\"" + ISS + "\",\"aud\":\"orders-api\",\"sub\":{},\"exp\":" + (NOW + 60) + "}", RSA)),
                attack("required sub missing", Reason.MISSING_CLAIM,
                        () -> Jws.sign(Jws.header(RSA), "{\"iss\":\"" + ISS + "\",\"aud\":\"orders-api\",\"exp\":" + (NOW + 60) + "}", RSA)),
                attack("azp of another client", Reason.AUTHORIZED_PARTY_MISMATCH,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"typ\":\"at+jwt\"}",
                                Jws.payload(STRICT_ISS).replace("web-client", "mobile-client"), RSA)),
                attack("typ JWT where at+jwt is required", Reason.TOKEN_TYPE_MISMATCH,
                        () -> Jws.sign(Jws.header(RSA), Jws.payload(STRICT_ISS), RSA)),
                attack("no typ where at+jwt is required", Reason.TOKEN_TYPE_MISMATCH,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\"}", Jws.payload(STRICT_ISS), RSA)),
                // structure and encoding
                attack("two segments", Reason.MALFORMED, () -> "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0"),
                attack("five segments (JWE)", Reason.MALFORMED, () -> "eyJhbGciOiJSU0EtT0FFUCJ9.a.b.c.d"),
                attack("padding", Reason.MALFORMED, () -> valid().replaceFirst("\\.", "=.")),
                attack("standard base64 alphabet", Reason.MALFORMED, () -> valid().substring(0, 10) + "+" + valid().substring(11)),
                attack("non-ASCII character", Reason.MALFORMED, () -> {
                    String t = valid();
                    int at = t.indexOf('.') + 3;
                    return t.substring(0, at) + "\u00e9" + t.substring(at + 1);
                }),
                attack("padding inside a segment", Reason.MALFORMED, () -> {
                    String t = valid();
                    int at = t.indexOf('.') + 4;
                    return t.substring(0, at) + "=" + t.substring(at + 1);
                }),
                attack("whitespace inside", Reason.MALFORMED, () -> valid().substring(0, 10) + " " + valid().substring(10)),
                attack("non-canonical last character", Reason.MALFORMED, AttackTokensTest::nonCanonical),
                attack("empty payload segment", Reason.MALFORMED, () -> "eyJhbGciOiJSUzI1NiJ9..c2ln"),
                attack("header not JSON", Reason.MALFORMED, () -> b64("alg=RS256") + "." + b64("{}") + ".c2ln"),
                attack("header an array", Reason.MALFORMED, () -> b64("[\"RS256\"]") + "." + b64("{}") + ".c2ln"),
                attack("duplicate alg in header", Reason.MALFORMED,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"alg\":\"none\"}", Jws.payload(ISS), RSA)),
                attack("payload an array", Reason.MALFORMED, () -> Jws.sign(Jws.header(RSA), "[1]", RSA)),
                attack("trailing JSON after the payload", Reason.MALFORMED,
                        () -> Jws.sign(Jws.header(RSA), Jws.payload(ISS) + "{}", RSA)),
                attack("payload nested 40 deep", Reason.MALFORMED,
                        () -> Jws.sign(Jws.header(RSA), Jws.payload(ISS).replace("\"email\"",
                                "\"deep\":" + "[".repeat(40) + "]".repeat(40) + ",\"email\""), RSA)),
                attack("token over the size limit", Reason.TOKEN_TOO_LARGE,
                        () -> Jws.sign(Jws.header(RSA), Jws.payload(ISS).replace("\"email\"",
                                "\"pad\":\"" + "x".repeat(8192) + "\",\"email\""), RSA))));
    }

    /** Attacks on the signature itself: also run with each library that may verify it (jwt.crypto.*). */
    static Stream<Arguments> signatureAttacks() {
        return Stream.of(
                attack("attacker's key under a trusted kid", Reason.SIGNATURE_INVALID,
                        () -> Jws.sign(Jws.header(ATTACKER), Jws.payload(ISS), ATTACKER)),
                attack("payload changed after signing", Reason.SIGNATURE_INVALID, AttackTokensTest::tamperedPayload),
                attack("signature of another token", Reason.SIGNATURE_INVALID, AttackTokensTest::swappedSignature),
                attack("ECDSA signature in DER instead of R||S", Reason.SIGNATURE_INVALID, AttackTokensTest::derEcdsa),
                attack("ECDSA r = s = 0 (CVE-2022-21449)", Reason.SIGNATURE_INVALID,
                        () -> withSignature(Jws.sign(Jws.header(EC), Jws.payload(ISS), EC), new byte[64])),
                attack("no kid, the issuer's only key does not verify", Reason.SIGNATURE_INVALID,
                        () -> Jws.sign("{\"alg\":\"RS256\",\"typ\":\"at+jwt\"}", Jws.payload(STRICT_ISS), ATTACKER)),
                attack("ES256 payload changed after signing", Reason.SIGNATURE_INVALID,
                        () -> tampered(Jws.sign(Jws.header(EC), Jws.payload(ISS), EC))),
                attack("ES256 r = s = n", Reason.SIGNATURE_INVALID,
                        () -> withSignature(Jws.sign(Jws.header(EC), Jws.payload(ISS), EC), SignatureBytes.concat(SignatureBytes.fixed32(SignatureBytes.P256_N), SignatureBytes.fixed32(SignatureBytes.P256_N)))),
                attack("EdDSA payload changed after signing", Reason.SIGNATURE_INVALID,
                        () -> tampered(Jws.sign(Jws.header(ED), Jws.payload(ISS), ED))),
                attack("EdDSA S + L (malleated S)", Reason.SIGNATURE_INVALID, AttackTokensTest::ed25519SPlusL),
                attack("EdDSA signature truncated to 63 bytes", Reason.SIGNATURE_INVALID,
                        () -> withSignature(Jws.sign(Jws.header(ED), Jws.payload(ISS), ED), new byte[63])));
    }

    static Stream<Arguments> signatureAttacksByProvider() {
        return Stream.of(SignatureProvider.values()).flatMap(provider -> signatureAttacks()
                .map(a -> Arguments.of(provider, a.get()[0], a.get()[1], a.get()[2])));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("attacks")
    void attackTokenIsRefusedForTheRightReason(String attack, Reason expected, Supplier<String> token) {
        InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> VALIDATOR.validate(token.get()));
        assertEquals(expected, e.reason(), attack + ": " + e.getMessage());
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @MethodSource("signatureAttacksByProvider")
    void signatureAttackIsRefusedWhicheverLibraryVerifies(SignatureProvider provider, String attack, Reason expected,
            Supplier<String> token) throws InvalidTokenException {
        JwtValidator validator = new JwtValidator(VALIDATOR.issuers(), Duration.ofSeconds(30), 8192, Clock.systemUTC(), null)
                .verifyWith(SignatureProviders.all(provider));
        InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> validator.validate(token.get()));
        assertEquals(expected, e.reason(), attack + ": " + e.getMessage());
        for (TestKey key : List.of(RSA, EC, ED)) {
            validator.validate(Jws.sign(Jws.header(key), Jws.payload(ISS), key));  // and real tokens pass
        }
    }

    @Test
    void theBaselineTokenOfTheAttacksIsValid() throws Exception {
        // Without this, a broken mint would make every attack "pass".
        ValidatedToken token = VALIDATOR.validate(valid());
        assertEquals("user-42", token.subject());
        assertEquals(List.of("offline_access", "user", "orders-read", "bench-operator"), token.roles());
        assertEquals(List.of("openid", "email", "profile"), token.scopes());
        assertEquals(List.of("/staff"), token.groups());
        VALIDATOR.validate(withClaims("\"exp\":" + (NOW - 20)));  // expired, but within the 30 s skew
        VALIDATOR.validate(Jws.sign("{\"alg\":\"RS256\",\"kid\":\"rsa-1\",\"typ\":\"application/AT+JWT\"}", Jws.payload(STRICT_ISS), RSA));
    }

    static KeySource started(KeySource source) {
        source.start();
        return source;
    }

    static Arguments attack(String name, Reason reason, Supplier<String> token) {
        return Arguments.of(name, reason, token);
    }

    static String valid() {
        return Jws.sign(Jws.header(RSA), Jws.payload(ISS), RSA);
    }

    /** A token of issuer a with the given claims, plus the audience it requires unless they set aud. */
    static String withClaims(String claims) {
        String json = "\"iss\":\"" + ISS + "\",\"sub\":\"u\"" + (claims == null ? "" : "," + claims);
        if (claims == null || !claims.contains("\"aud\"")) {
            json += ",\"aud\":\"orders-api\"";
        }
        return Jws.sign(Jws.header(RSA), "{" + json + "}", RSA);
    }

    static String unsigned(String header, String payload) {
        return b64(header) + "." + b64(payload) + ".";
    }

    static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static String hmacWithPublicKey() {
        try {
            String input = b64("{\"alg\":\"HS256\",\"kid\":\"rsa-1\"}") + "." + b64(Jws.payload(ISS));
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(RSA.publicKey().getEncoded(), "HmacSHA256"));
            return input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String tamperedPayload() {
        return tampered(valid());
    }

    static String tampered(String token) {
        String[] parts = token.split("\\.");
        return parts[0] + "." + b64(Jws.payload(ISS).replace("user-42", "admin")) + "." + parts[2];
    }

    static String swappedSignature() {
        String[] parts = valid().split("\\.");
        String other = Jws.sign(Jws.header(RSA), Jws.payload(ISS).replace("user-42", "user-43"), RSA);
        return parts[0] + "." + parts[1] + "." + other.split("\\.")[2];
    }

    /** S + L is S modulo L, a second encoding RFC 8032 requires verifiers to refuse (S &lt; L). */
    static String ed25519SPlusL() {
        String token = Jws.sign(Jws.header(ED), Jws.payload(ISS), ED);
        byte[] signature = Base64.getUrlDecoder().decode(token.substring(token.lastIndexOf('.') + 1));
        return withSignature(token, SignatureBytes.ed25519SPlusL(signature));
    }

    static String derEcdsa() {
        String token = Jws.sign(Jws.header(EC), Jws.payload(ISS), EC);
        String input = token.substring(0, token.lastIndexOf('.'));
        return withSignature(token, Jws.signature("ES256-DER", EC, input.getBytes(StandardCharsets.US_ASCII)));
    }

    static String withSignature(String token, byte[] signature) {
        return token.substring(0, token.lastIndexOf('.') + 1) + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
    }

    /**
     * A 256-byte RSA signature encodes to 342 characters whose last one carries 4 unused bits;
     * setting them gives a second encoding of the same bytes, which strict base64url refuses.
     */
    static String nonCanonical() {
        String token = valid();
        char last = token.charAt(token.length() - 1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        char twin = alphabet.charAt(alphabet.indexOf(last) | 0x0F);
        return token.substring(0, token.length() - 1) + twin;
    }
}
