package io.jwtbench.service.validation;

import io.jwtbench.service.validation.keys.BouncyCastleKey;
import io.jwtbench.service.validation.keys.VerificationKey;

import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The asymmetric JWS algorithms (RFC 7518 §3, RFC 8037) and how the JDK verifies them.
 * Symmetric (HS*) and {@code none} are deliberately absent: a validator that holds public keys
 * must never treat one as an HMAC secret.
 *
 * <p>Verification calls JCA directly: ECDSA uses the JDK's P1363 ({@code R||S}) format, so a
 * DER-encoded signature is refused instead of transcoded, and {@link Signature} objects are
 * pooled because {@code Signature.getInstance} costs about as much as the rest of validation.
 * ECDSA and Ed25519 may instead be verified by BouncyCastle, and every family but Ed448 by the Amazon Corretto
 * Crypto Provider ({@link SignatureProviders}), after the same length check.
 */
public enum JwsAlgorithm {
    RS256("SHA256withRSA", null, 0),
    RS384("SHA384withRSA", null, 0),
    RS512("SHA512withRSA", null, 0),
    PS256("RSASSA-PSS", pss("SHA-256", 32), 0),
    PS384("RSASSA-PSS", pss("SHA-384", 48), 0),
    PS512("RSASSA-PSS", pss("SHA-512", 64), 0),
    ES256("SHA256withECDSAinP1363Format", null, 64),
    ES384("SHA384withECDSAinP1363Format", null, 96),
    ES512("SHA512withECDSAinP1363Format", null, 132),
    EdDSA("EdDSA", null, 64);

    private static final int POOL_SIZE = 16;

    private final String jcaName;
    private final PSSParameterSpec pss;
    /** Exact signature length for ECDSA/EdDSA; 0 where it depends on the key (RSA). */
    private final int signatureLength;
    /** Verifiers by provider: {@code Signature.getInstance} costs about as much as the rest of validation. */
    private final AtomicReferenceArray<Signature> jdkPool = new AtomicReferenceArray<>(POOL_SIZE);
    private final AtomicReferenceArray<Signature> accpPool = new AtomicReferenceArray<>(POOL_SIZE);

    JwsAlgorithm(String jcaName, PSSParameterSpec pss, int signatureLength) {
        this.jcaName = jcaName;
        this.pss = pss;
        this.signatureLength = signatureLength;
    }

    /** The algorithm for a JWS {@code alg} value, or null for none, HS*, and anything unknown. */
    public static JwsAlgorithm of(String alg) {
        return switch (alg) {
            case "RS256" -> RS256;
            case "RS384" -> RS384;
            case "RS512" -> RS512;
            case "PS256" -> PS256;
            case "PS384" -> PS384;
            case "PS512" -> PS512;
            case "ES256" -> ES256;
            case "ES384" -> ES384;
            case "ES512" -> ES512;
            case "EdDSA" -> EdDSA;
            default -> null;
        };
    }

    /**
     * Verifies {@code signature} over {@code input[0, length)} with the library {@code providers} name
     * for this algorithm. Ed448 signatures are 114 bytes; the length check lets them through only for
     * EdDSA with an Ed448 key.
     */
    boolean verify(VerificationKey key, byte[] input, int length, byte[] signature, SignatureProviders providers)
            throws GeneralSecurityException {
        if (signatureLength != 0 && signature.length != signatureLength
                && !(this == EdDSA && signature.length == 114 && "Ed448".equals(key.key().getAlgorithm()))) {
            return false;
        }
        SignatureProvider provider = providers.of(this);
        if (provider == SignatureProvider.BOUNCYCASTLE) {
            BouncyCastleKey converted = key.bouncyCastle();
            if (converted != null) {
                return converted.verify(input, length, signature);
            }
            // RSA and Ed448 keys have no BouncyCastle form: the JDK verifies them.
        }
        boolean accp = provider == SignatureProvider.ACCP && Accp.available() && !"Ed448".equals(key.curve());
        AtomicReferenceArray<Signature> pool = accp ? accpPool : jdkPool;
        Signature verifier = borrow(pool, accp);
        try {
            verifier.initVerify(key.key());
            if (accp && pss != null) {
                verifier.setParameter(pss); // ACCP forgets the PSS parameters on initVerify; the JDK keeps them
            }
            verifier.update(input, 0, length);
            return verifier.verify(signature);
        } finally {
            giveBack(pool, verifier);
        }
    }

    private Signature borrow(AtomicReferenceArray<Signature> pool, boolean accp) throws GeneralSecurityException {
        int start = (int) (Thread.currentThread().threadId() & (POOL_SIZE - 1));
        for (int i = 0; i < POOL_SIZE; i++) {
            Signature s = pool.getAndSet((start + i) & (POOL_SIZE - 1), null);
            if (s != null) {
                return s;
            }
        }
        Signature created = accp ? Signature.getInstance(jcaName, Accp.PROVIDER) : Signature.getInstance(jcaName);
        if (pss != null) {
            created.setParameter(pss);  // kept across initVerify, so once per instance
        }
        return created;
    }

    private static void giveBack(AtomicReferenceArray<Signature> pool, Signature s) {
        int start = (int) (Thread.currentThread().threadId() & (POOL_SIZE - 1));
        for (int i = 0; i < POOL_SIZE; i++) {
            if (pool.compareAndSet((start + i) & (POOL_SIZE - 1), null, s)) {
                return;
            }
        }
    }

    private static PSSParameterSpec pss(String digest, int saltLength) {
        return new PSSParameterSpec(digest, "MGF1", new MGF1ParameterSpec(digest), saltLength, 1);
    }
}
