package io.jwtbench.service.testing;

import java.nio.charset.StandardCharsets;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.time.Instant;

/**
 * Mints compact JWS with plain JCA from exact header and payload JSON text: attack tokens need
 * byte-level control (duplicate members, odd types, forbidden headers) no JWT library allows.
 */
public final class Jws {
    private Jws() {
    }

    public static String sign(String headerJson, String payloadJson, TestKey key) {
        String input = TestKey.b64(headerJson.getBytes(StandardCharsets.UTF_8)) + "."
                + TestKey.b64(payloadJson.getBytes(StandardCharsets.UTF_8));
        return input + "." + TestKey.b64(signature(key.alg(), key, input.getBytes(StandardCharsets.US_ASCII)));
    }

    /** Signs exact header and payload bytes (for encodings other than UTF-8). */
    public static String signBytes(byte[] header, byte[] payload, TestKey key) {
        String input = TestKey.b64(header) + "." + TestKey.b64(payload);
        return input + "." + TestKey.b64(signature(key.alg(), key, input.getBytes(StandardCharsets.US_ASCII)));
    }

    /** {"alg":..,"kid":..,"typ":"JWT"} for the key. */
    public static String header(TestKey key) {
        return "{\"alg\":\"" + key.alg() + "\",\"typ\":\"JWT\"" + (key.kid() == null ? "" : ",\"kid\":\"" + key.kid() + "\"") + "}";
    }

    /** A Keycloak-shaped access token payload valid for an hour. */
    public static String payload(String iss) {
        long now = Instant.now().getEpochSecond();
        return "{\"exp\":" + (now + 3600) + ",\"iat\":" + now + ",\"jti\":\"5f1c2a\",\"iss\":\"" + iss + "\","
                + "\"aud\":[\"orders-api\",\"account\"],\"sub\":\"user-42\",\"typ\":\"Bearer\",\"azp\":\"web-client\","
                + "\"realm_access\":{\"roles\":[\"offline_access\",\"user\"]},"
                + "\"resource_access\":{\"orders-api\":{\"roles\":[\"orders-read\"]}},"
                + "\"roles\":[\"bench-operator\"],\"groups\":[\"/staff\"],"
                + "\"scope\":\"openid email profile\",\"email\":\"ada@example.test\"}";
    }

    public static byte[] signature(String alg, TestKey key, byte[] input) {
        try {
            Signature s = switch (alg) {
                case "RS256" -> Signature.getInstance("SHA256withRSA");
                case "RS384" -> Signature.getInstance("SHA384withRSA");
                case "RS512" -> Signature.getInstance("SHA512withRSA");
                case "PS256" -> pss("SHA-256", 32);
                case "PS512" -> pss("SHA-512", 64);
                case "ES256" -> Signature.getInstance("SHA256withECDSAinP1363Format");
                case "ES256-DER" -> Signature.getInstance("SHA256withECDSA");
                case "EdDSA" -> Signature.getInstance("Ed25519");
                default -> throw new IllegalArgumentException(alg);
            };
            s.initSign(key.privateKey());
            s.update(input);
            return s.sign();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Signature pss(String digest, int salt) throws Exception {
        Signature s = Signature.getInstance("RSASSA-PSS");
        s.setParameter(new PSSParameterSpec(digest, "MGF1", new MGF1ParameterSpec(digest), salt, 1));
        return s;
    }
}
