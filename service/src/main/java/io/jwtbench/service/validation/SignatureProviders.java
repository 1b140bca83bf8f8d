package io.jwtbench.service.validation;

import java.util.Objects;

/**
 * Which library verifies each signature family; RSA (RS*, PS*) and Ed448 are always the JDK's.
 *
 * @param ecdsa ES256, ES384, ES512 ({@code jwt.crypto.ecdsa})
 * @param eddsa EdDSA with Ed25519 keys ({@code jwt.crypto.eddsa})
 */
public record SignatureProviders(SignatureProvider ecdsa, SignatureProvider eddsa) {
    /** {@code auto} for both families: the faster library each (see {@link SignatureProvider#AUTO}). */
    public static final SignatureProviders DEFAULT = new SignatureProviders(SignatureProvider.AUTO, SignatureProvider.AUTO);

    public SignatureProviders {
        Objects.requireNonNull(ecdsa, "ecdsa");
        Objects.requireNonNull(eddsa, "eddsa");
    }

    /** One provider for every family (tests and benchmarks compare them this way). */
    public static SignatureProviders all(SignatureProvider provider) {
        return new SignatureProviders(provider, provider);
    }

    SignatureProvider of(JwsAlgorithm alg) {
        return switch (alg) {
            case ES256, ES384, ES512 -> ecdsa;
            case EdDSA -> eddsa;
            default -> SignatureProvider.JDK;
        };
    }
}
