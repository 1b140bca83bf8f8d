package io.jwtbench.service.validation.keys;

import java.security.PublicKey;
import java.util.Objects;

/**
 * One vetted verification key from a JWKS.
 *
 * @param kid       JWK "kid", nullable
 * @param algorithm JWK "alg", nullable
 * @param key       the public key
 * @param keyType   "RSA", "EC" or "OKP"
 * @param curve     "P-256", "P-384", "P-521", "Ed25519", "Ed448", or null for RSA
 */
public record VerificationKey(String kid, String algorithm, PublicKey key, String keyType, String curve) {

    public VerificationKey {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(keyType, "keyType");
    }

    /**
     * True if this key may verify a JWS with header alg {@code jwsAlg}: RS256/384/512 and PS256/384/512 need RSA;
     * ES256 needs EC P-256, ES384 P-384, ES512 P-521; EdDSA needs OKP Ed25519 or Ed448; and if the JWK has "alg"
     * it must equal jwsAlg. Anything else (HS*, none, unknown) is false.
     */
    public boolean permits(String jwsAlg) {
        if (jwsAlg == null) {
            return false;
        }
        if (algorithm != null && !algorithm.equals(jwsAlg)) {
            return false;
        }
        return switch (jwsAlg) {
            case "RS256", "RS384", "RS512", "PS256", "PS384", "PS512" -> "RSA".equals(keyType);
            case "ES256" -> "EC".equals(keyType) && "P-256".equals(curve);
            case "ES384" -> "EC".equals(keyType) && "P-384".equals(curve);
            case "ES512" -> "EC".equals(keyType) && "P-521".equals(curve);
            case "EdDSA" -> "OKP".equals(keyType) && ("Ed25519".equals(curve) || "Ed448".equals(curve));
            default -> false;
        };
    }

    @Override
    public String toString() {
        return "VerificationKey[kid=" + kid + ", alg=" + algorithm + ", kty=" + keyType
                + (curve != null ? ", crv=" + curve : "") + "]";
    }
}
