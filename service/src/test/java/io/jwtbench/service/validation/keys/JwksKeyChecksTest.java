package io.jwtbench.service.validation.keys;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigInteger;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import static io.jwtbench.service.validation.keys.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The raw key material of a JWKS is checked before any library uses it. */
class JwksKeyChecksTest {
    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The reason a single-key JWKS's key was skipped, or null if it loaded. */
    static String skipReason(String jwk) throws JwksException {
        List<String> reasons = new ArrayList<>();
        KeySet set = JwksParser.parse(jwks(jwk), "test", NOW, (kid, reason) -> reasons.add(reason));
        return set.isEmpty() ? reasons.get(0) : null;
    }

    static String rsa(String n, String e) {
        return "{\"kty\":\"RSA\",\"kid\":\"r\",\"n\":\"" + n + "\",\"e\":\"" + e + "\"}";
    }

    static final RSAPublicKey PUB = (RSAPublicKey) RSA_A.getPublic();
    static final String N = b64u(PUB.getModulus());

    @ParameterizedTest(name = "Ed25519 x = {0}")
    @ValueSource(strings = {
            "0000000000000000000000000000000000000000000000000000000000000000",
            "0100000000000000000000000000000000000000000000000000000000000000",
            "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
            "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",  // the same, sign bit set
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
            "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"})
    void smallOrderAndNonCanonicalEd25519KeysAreRefused(String hex) throws Exception {
        String reason = skipReason("{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"kid\":\"e\",\"x\":\"" + b64(HexFormat.of().parseHex(hex)) + "\"}");
        assertTrue(reason != null && (reason.contains("small order") || reason.contains("canonical")), String.valueOf(reason));
    }

    @Test
    void realKeysStillLoad() throws Exception {
        assertEquals(null, skipReason(okpJwk(ED25519, "e")));
        assertEquals(null, skipReason(rsaJwk(RSA_A, "r")));
        assertEquals(null, skipReason(ecJwk(EC_P256, "c")));
        assertEquals(null, skipReason(rsa(N, b64(new byte[] {3}))), "e = 3 is a small odd exponent");
    }

    @ParameterizedTest(name = "e = {0}")
    @ValueSource(strings = {"1", "2", "65536", "4294967297", "340282366920938463463374607431768211457"})
    void rsaExponentsOutsideSmallOddValuesAreRefused(String e) throws Exception {
        String reason = skipReason(rsa(N, b64u(new BigInteger(e))));
        assertTrue(reason != null && reason.contains("exponent"), String.valueOf(reason));
    }

    @Test
    void hugeModuliAndLeadingZerosAreRefused() throws Exception {
        byte[] huge = new byte[16384 / 8];
        Arrays.fill(huge, (byte) 0xC5);
        String reason = skipReason(rsa(b64(huge), "AQAB"));
        assertTrue(reason != null && reason.contains("above 8192"), reason);
        byte[] n = PUB.getModulus().toByteArray();
        byte[] padded = new byte[n.length + 1];
        System.arraycopy(n, 0, padded, 1, n.length);  // two leading zeros now (toByteArray has one)
        reason = skipReason(rsa(b64(padded), "AQAB"));
        assertTrue(reason != null && reason.contains("leading zero"), reason);
        reason = skipReason(rsa(N, b64(new byte[] {0, 1, 0, 1})));
        assertTrue(reason != null && reason.contains("leading zero"), reason);
    }

    @Test
    void nonCanonicalBase64IsRefused() throws Exception {
        // a 256-byte modulus encodes to 342 characters; the last one has 4 unused bits
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        char last = N.charAt(N.length() - 1);
        String twin = N.substring(0, N.length() - 1) + alphabet.charAt(alphabet.indexOf(last) | 0x0F);
        String reason = skipReason(rsa(twin, "AQAB"));
        assertTrue(reason != null && reason.contains("canonical"), reason);
    }

    @Test
    void ecCoordinatesOfTheWrongLengthAreRefused() throws Exception {
        ECPublicKey ec = (ECPublicKey) EC_P256.getPublic();
        byte[] x = fixed(ec.getW().getAffineX(), 33);
        byte[] y = fixed(ec.getW().getAffineY(), 32);
        String reason = skipReason("{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"c\",\"x\":\"" + b64(x) + "\",\"y\":\"" + b64(y) + "\"}");
        assertTrue(reason != null && reason.contains("32 octets"), reason);
    }

    @Test
    void aJwksWithTooManyKeysIsRefused() {
        String[] keys = new String[JwksParser.MAX_KEYS + 1];
        Arrays.fill(keys, rsa(N, "AQAB"));
        JwksException e = assertThrows(JwksException.class, () -> JwksParser.parse(jwks(keys), "test", NOW));
        assertTrue(e.getMessage().contains("limit of " + JwksParser.MAX_KEYS), e.getMessage());
    }

    static byte[] fixed(BigInteger v, int length) {
        byte[] bytes = v.toByteArray();
        if (bytes.length > 1 && bytes[0] == 0) {
            bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
        }
        byte[] out = new byte[length];
        System.arraycopy(bytes, 0, out, length - bytes.length, bytes.length);
        return out;
    }
}
