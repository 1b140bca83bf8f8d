package io.jwtbench.service.validation;

import java.util.Locale;

/**
 * Which library verifies a family of signatures ({@code jwt.crypto.provider}, or per family {@code jwt.crypto.rsa},
 * {@code jwt.crypto.ecdsa}, {@code jwt.crypto.eddsa}). All apply the same checks before and around the math (exact
 * R||S length, r and s in 1..n-1, S &lt; L, keys on their curve and not of small order, RSA key limits):
 * {@code SignatureProvidersTest} runs every attack signature against each.
 */
public enum SignatureProvider {
    /** The JDK's JCA providers (SunRsaSign, SunEC). */
    JDK,
    /** BouncyCastle's lightweight API, called directly (no JCA provider registered); ECDSA and Ed25519 only. */
    BOUNCYCASTLE,
    /** The Amazon Corretto Crypto Provider (AWS-LC), through its own instance ({@link Accp}); Ed448 stays the JDK's. */
    ACCP;

    /** {@code jdk}, {@code bouncycastle} or {@code accp} (any case); {@code auto} is {@link SignatureProviders#auto()}'s. */
    public static SignatureProvider parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "jdk" -> JDK;
            case "bouncycastle" -> BOUNCYCASTLE;
            case "accp" -> ACCP;
            default -> throw new IllegalArgumentException("'" + value + "' is not auto, accp, bouncycastle or jdk");
        };
    }

    /** Whether it can verify here: ACCP only where its native library loaded. */
    public boolean loads() {
        return this != ACCP || Accp.available();
    }

    /** The JCA provider to ask for a {@link java.security.Signature}: ACCP's own instance; null for the JDK's. */
    public java.security.Provider jca() {
        return this == ACCP ? Accp.PROVIDER : null;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
