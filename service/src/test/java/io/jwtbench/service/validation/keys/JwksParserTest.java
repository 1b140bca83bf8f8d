package io.jwtbench.service.validation.keys;

import io.jsonwebtoken.security.Jwks;
import org.junit.jupiter.api.Test;

import javax.crypto.spec.SecretKeySpec;
import java.security.interfaces.ECPublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.jwtbench.service.validation.keys.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JwksParserTest {

    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");
    private static final String ORIGIN = "test:origin";

    private record Parsed(KeySet set, List<Map.Entry<String, String>> skipped) {
        String reasonFor(String kid) {
            return skipped.stream().filter(e -> kid.equals(e.getKey())).map(Map.Entry::getValue).findFirst()
                    .orElseThrow(() -> new AssertionError("key " + kid + " was not skipped; skipped: " + skipped));
        }
    }

    private static Parsed parse(String json) throws JwksException {
        List<Map.Entry<String, String>> skipped = new ArrayList<>();
        KeySet set = JwksParser.parse(json, ORIGIN, NOW, (kid, reason) -> skipped.add(Map.entry(String.valueOf(kid),
                reason)));
        return new Parsed(set, skipped);
    }

    @Test
    void parsesRsaEcAndEd25519BuiltByJjwt() throws Exception {
        Parsed p = parse(jwks(rsaJwk(RSA_A, "rsa"), ecJwk(EC_P256, "ec"), okpJwk(ED25519, "ed")));
        assertEquals(List.of(), p.skipped());
        KeySet set = p.set();
        assertEquals(3, set.size());
        assertEquals(NOW, set.loadedAt());

        VerificationKey rsa = set.byKid("rsa");
        assertEquals("RSA", rsa.keyType());
        assertNull(rsa.curve());
        assertNull(rsa.algorithm());
        assertArrayEquals(RSA_A.getPublic().getEncoded(), rsa.key().getEncoded());

        VerificationKey ec = set.byKid("ec");
        assertEquals("EC", ec.keyType());
        assertEquals("P-256", ec.curve());
        assertTrue(ec.key() instanceof ECPublicKey);
        assertArrayEquals(EC_P256.getPublic().getEncoded(), ec.key().getEncoded());
        assertTrue(ec.permits("ES256"));

        VerificationKey ed = set.byKid("ed");
        assertEquals("OKP", ed.keyType());
        assertEquals("Ed25519", ed.curve());
        assertArrayEquals(ED25519.getPublic().getEncoded(), ed.key().getEncoded());
        assertTrue(ed.permits("EdDSA"));
    }

    @Test
    void parsesHandWrittenJwkWithUseAlgKeyOpsAndIgnoresX5uX5c() throws Exception {
        String json = """
                {
                  "keys": [
                    %s,
                    %s
                  ],
                  "extra": {"ignored": true}
                }
                """.formatted(
                handWrittenRsa(RSA_A, "hand", "\"use\":\"sig\",\"alg\":\"RS256\",\"key_ops\":[\"verify\"]"),
                handWrittenRsa(RSA_B, "x5", "\"x5u\":\"http://127.0.0.1:1/never-fetched\",\"x5c\":[\"bm90IGEgY2VydA\"],"
                        + "\"x5t\":\"AAAA\""));
        Parsed p = parse(json);
        assertEquals(List.of(), p.skipped());
        VerificationKey hand = p.set().byKid("hand");
        assertEquals("RS256", hand.algorithm());
        assertTrue(hand.permits("RS256"));
        assertTrue(!hand.permits("PS256"));
        assertArrayEquals(RSA_A.getPublic().getEncoded(), hand.key().getEncoded());
        assertArrayEquals(RSA_B.getPublic().getEncoded(), p.set().byKid("x5").key().getEncoded());
    }

    @Test
    void skipsUnusableKeysButKeepsTheRest() throws Exception {
        String privateRsa = Jwks.UNSAFE_JSON(Jwks.builder().rsaKeyPair(RSA_B).id("private-rsa").build());
        String privateEc = Jwks.UNSAFE_JSON(Jwks.builder().ecKeyPair(EC_P256).id("private-ec").build());
        String oct = Jwks.UNSAFE_JSON(Jwks.builder().key(new SecretKeySpec(new byte[32], "HmacSHA256"))
                .id("oct").build());
        String offCurve = ecJwk(EC_P256, "off-curve").replaceFirst("\"y\":\"[^\"]+\"",
                "\"y\":\"" + Jwks.builder().key((ECPublicKey) ec("secp256r1").getPublic()).build().get("y") + "\"");
        String json = jwks(
                rsaJwk(RSA_A, "good"),
                handWrittenRsa(RSA_B, "enc", "\"use\":\"enc\""),
                privateRsa,
                privateEc,
                oct,
                rsaJwk(RSA_1024, "rsa1024"),
                okpJwk(X25519, "x25519"),
                handWrittenRsa(RSA_B, "ops-encrypt", "\"key_ops\":[\"encrypt\"]"),
                handWrittenRsa(RSA_B, "ops-dup", "\"key_ops\":[\"verify\",\"verify\"]"),
                handWrittenRsa(RSA_B, "alg-es256", "\"alg\":\"ES256\""),
                handWrittenRsa(RSA_B, "alg-hs256", "\"alg\":\"HS256\""),
                handWrittenRsa(RSA_B, "use-number", "\"use\":1"),
                "{\"kty\":\"EC\",\"kid\":\"k256\",\"crv\":\"secp256k1\",\"x\":\"AA\",\"y\":\"AA\"}",
                "{\"kty\":\"AKP\",\"kid\":\"unknown-kty\",\"pub\":\"AA\"}",
                "{\"kid\":\"no-kty\",\"n\":\"AA\",\"e\":\"AQAB\"}",
                "{\"kty\":\"RSA\",\"kid\":\"bad-n\",\"n\":12345,\"e\":\"AQAB\"}",
                "{\"kty\":\"RSA\",\"kid\":\"garbage-n\",\"n\":\"!!!not-base64!!!\",\"e\":\"AQAB\"}",
                "{\"kty\":\"OKP\",\"kid\":\"ed-no-x\",\"crv\":\"Ed25519\"}",
                rsaJwk(RSA_B, "padded-n").replaceFirst("\"n\":\"([^\"]+)\"", "\"n\":\"$1==\""),
                offCurve,
                "\"not an object\"",
                rsaJwk(RSA_B, "good")); // duplicate kid: first kept
        Parsed p = parse(json);
        KeySet set = p.set();
        assertEquals(1, set.size(), () -> "kept " + set + ", skipped " + p.skipped());
        assertArrayEquals(RSA_A.getPublic().getEncoded(), set.byKid("good").key().getEncoded());

        assertTrue(p.reasonFor("enc").contains("\"use\""));
        assertTrue(p.reasonFor("private-rsa").contains("private"));
        assertTrue(p.reasonFor("private-ec").contains("private"));
        assertTrue(p.reasonFor("oct").contains("symmetric"));
        assertTrue(p.reasonFor("rsa1024").contains("1024 bits"));
        assertTrue(p.reasonFor("x25519").contains("X25519"));
        assertTrue(p.reasonFor("ops-encrypt").contains("verify"));
        assertTrue(p.reasonFor("ops-dup").contains("duplicate"));
        assertTrue(p.reasonFor("alg-es256").contains("ES256"));
        assertTrue(p.reasonFor("alg-hs256").contains("HS256"));
        assertTrue(p.reasonFor("use-number").contains("malformed"));
        assertTrue(p.reasonFor("k256").contains("secp256k1"));
        assertTrue(p.reasonFor("unknown-kty").contains("unknown kty"));
        assertTrue(p.reasonFor("no-kty").contains("kty"));
        assertTrue(p.reasonFor("bad-n").contains("malformed"));
        assertTrue(p.reasonFor("garbage-n").contains("base64url"));
        assertTrue(p.reasonFor("padded-n").contains("base64url"));
        assertTrue(p.reasonFor("ed-no-x").contains("\"x\""));
        assertTrue(p.reasonFor("off-curve").contains("malformed"));
        assertTrue(p.reasonFor("null").contains("not a JSON object"));
        assertTrue(p.reasonFor("good").contains("duplicate kid"));
        assertEquals(21, p.skipped().size(), () -> "skipped " + p.skipped());
    }

    @Test
    void emptyKeysArrayGivesEmptySet() throws Exception {
        KeySet set = JwksParser.parse("{\"keys\":[]}", ORIGIN, NOW);
        assertTrue(set.isEmpty());
    }

    @Test
    void rejectsWholeDocumentWhenMalformed() {
        String key = rsaJwk(RSA_A, "a");
        Map<String, String> docs = Map.of(
                "duplicate top-level member", "{\"keys\":[" + key + "],\"keys\":[]}",
                "duplicate member inside a key", "{\"keys\":[" + key.replace("{", "{\"kid\":\"x\",") + "]}",
                "array root", "[" + key + "]",
                "no keys", "{\"foo\":[]}",
                "keys not array", "{\"keys\":" + key + "}",
                "trailing garbage", "{\"keys\":[" + key + "]} {}",
                "not json", "keys: []",
                "empty", "",
                "absurd nesting", "{\"keys\":[],\"x\":" + "[".repeat(1000) + "]".repeat(1000) + "}");
        docs.forEach((name, doc) -> {
            JwksException e = assertThrows(JwksException.class, () -> JwksParser.parse(doc, ORIGIN, NOW), name);
            assertNotNull(e.getMessage(), name);
            assertTrue(e.getMessage().contains(ORIGIN), name + ": " + e.getMessage());
        });
        JwksException dup = assertThrows(JwksException.class,
                () -> JwksParser.parse(docs.get("duplicate member inside a key"), ORIGIN, NOW));
        assertTrue(dup.getMessage().contains("kid"), dup.getMessage());
        assertThrows(JwksException.class, () -> JwksParser.parse(null, ORIGIN, NOW));
    }
}
