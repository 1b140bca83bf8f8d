package io.jwtbench.service.validation;

import java.util.Locale;

/**
 * Which library verifies a family of signatures ({@code jwt.crypto.ecdsa}, {@code jwt.crypto.eddsa}).
 * Both apply the same checks (exact R||S length, r and s in 1..n-1, S &lt; L, keys on their curve and
 * not of small order): see {@link io.jwtbench.service.validation.keys.BouncyCastleKey}.
 */
public enum SignatureProvider {
    /** The JDK's JCA provider (SunEC). */
    JDK,
    /** BouncyCastle's lightweight API, called directly (no JCA provider registered). */
    BOUNCYCASTLE;

    /**
     * The faster one, measured with {@code ./scripts/jmh.sh SignatureBenchmark} on JDK 25: BouncyCastle
     * for ECDSA and Ed25519 (docs/performance.md).
     */
    public static final SignatureProvider AUTO = BOUNCYCASTLE;

    /** {@code jdk}, {@code bouncycastle} or {@code auto} (any case), else an {@link IllegalArgumentException}. */
    public static SignatureProvider parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "jdk" -> JDK;
            case "bouncycastle" -> BOUNCYCASTLE;
            case "auto" -> AUTO;
            default -> throw new IllegalArgumentException("'" + value + "' is not jdk, bouncycastle or auto");
        };
    }
}
