package io.jwtbench.service.validation;

import java.util.Objects;

/**
 * Which library verifies each signature family; Ed448 is always the JDK's.
 *
 * @param rsa   RS256..512 and PS256..512 ({@code jwt.crypto.rsa})
 * @param ecdsa ES256, ES384, ES512 ({@code jwt.crypto.ecdsa})
 * @param eddsa EdDSA with Ed25519 keys ({@code jwt.crypto.eddsa})
 */
public record SignatureProviders(SignatureProvider rsa, SignatureProvider ecdsa, SignatureProvider eddsa) {
    /** {@link #auto()}, resolved once per JVM. */
    public static final SignatureProviders DEFAULT = auto();

    public SignatureProviders {
        Objects.requireNonNull(rsa, "rsa");
        Objects.requireNonNull(ecdsa, "ecdsa");
        Objects.requireNonNull(eddsa, "eddsa");
    }

    /**
     * The fastest library that loads here, per family, measured with {@code ./scripts/jmh.sh SignatureBenchmark}
     * (docs/performance.md): ACCP for every family where its native library loads; else the JDK for RSA and
     * BouncyCastle for ECDSA and Ed25519.
     */
    public static SignatureProviders auto() {
        return Accp.available() ? all(SignatureProvider.ACCP)
                : new SignatureProviders(SignatureProvider.JDK, SignatureProvider.BOUNCYCASTLE, SignatureProvider.BOUNCYCASTLE);
    }

    /** One provider for every family (tests and benchmarks compare them this way); BouncyCastle leaves RSA to the JDK. */
    public static SignatureProviders all(SignatureProvider provider) {
        return new SignatureProviders(provider == SignatureProvider.BOUNCYCASTLE ? SignatureProvider.JDK : provider,
                provider, provider);
    }

    SignatureProvider of(JwsAlgorithm alg) {
        return switch (alg) {
            case ES256, ES384, ES512 -> ecdsa;
            case EdDSA -> eddsa;
            default -> rsa;
        };
    }

    /** For the start-up log and the bench report: {@code rsa=accp, ecdsa=accp, eddsa=accp (Amazon ... 2.5.0)}. */
    public String describe() {
        String line = "rsa=" + rsa.label() + ", ecdsa=" + ecdsa.label() + ", eddsa=" + eddsa.label();
        boolean accp = rsa == SignatureProvider.ACCP || ecdsa == SignatureProvider.ACCP || eddsa == SignatureProvider.ACCP;
        return accp ? line + " (" + Accp.describe() + ")" : line;
    }

    /** Null when ACCP loads here; else why it does not, in words for a log line. */
    public static String accpLoadingError() {
        return Accp.LOADING_ERROR;
    }
}
