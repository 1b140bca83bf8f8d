package io.jwtbench.service.validation.keys;

import java.security.PublicKey;
import java.util.Objects;

/**
 * One vetted verification key from a JWKS. A value: equal keys have equal kid, alg, public key,
 * type and curve (what {@link KeySet#sameKeysAs} compares); the BouncyCastle form is derived.
 */
public final class VerificationKey {
    private final String kid;
    private final String algorithm;
    private final PublicKey key;
    private final String keyType;
    private final String curve;
    /** Converted on first use by a BouncyCastle verification (benign race: conversions are equal). */
    private volatile BouncyCastleKey bouncyCastle;
    private volatile boolean bouncyCastleTried;

    /**
     * @param kid       JWK "kid", nullable
     * @param algorithm JWK "alg", nullable
     * @param key       the public key
     * @param keyType   "RSA", "EC" or "OKP"
     * @param curve     "P-256", "P-384", "P-521", "Ed25519", "Ed448", or null for RSA
     */
    public VerificationKey(String kid, String algorithm, PublicKey key, String keyType, String curve) {
        this.kid = kid;
        this.algorithm = algorithm;
        this.key = Objects.requireNonNull(key, "key");
        this.keyType = Objects.requireNonNull(keyType, "keyType");
        this.curve = curve;
    }

    public String kid() {
        return kid;
    }

    public String algorithm() {
        return algorithm;
    }

    public PublicKey key() {
        return key;
    }

    public String keyType() {
        return keyType;
    }

    public String curve() {
        return curve;
    }

    /** This key for BouncyCastle's verifiers, or null where BC is not used (RSA, Ed448) or refuses the key. */
    public BouncyCastleKey bouncyCastle() {
        if (!bouncyCastleTried) {
            bouncyCastle = BouncyCastleKey.of(key, keyType, curve);
            bouncyCastleTried = true;
        }
        return bouncyCastle;
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
    public boolean equals(Object o) {
        return o instanceof VerificationKey k && Objects.equals(kid, k.kid) && Objects.equals(algorithm, k.algorithm)
                && key.equals(k.key) && keyType.equals(k.keyType) && Objects.equals(curve, k.curve);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kid, algorithm, key, keyType, curve);
    }

    @Override
    public String toString() {
        return "VerificationKey[kid=" + kid + ", alg=" + algorithm + ", kty=" + keyType
                + (curve != null ? ", crv=" + curve : "") + "]";
    }
}
