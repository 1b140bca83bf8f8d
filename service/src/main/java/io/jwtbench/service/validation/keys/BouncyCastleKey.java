package io.jwtbench.service.validation.keys;

import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.EdECPublicKey;

/**
 * A verification key converted once for BouncyCastle's lightweight API (no JCA provider is
 * registered: nothing global changes). Only ECDSA on P-256/384/521 and Ed25519 have one; RSA and
 * Ed448 are always verified by the JDK.
 *
 * <p>The checks are those of the JDK path: the caller has already required the exact R||S (or
 * Ed25519) signature length; ECDSA refuses r or s outside 1..n-1 and the key is validated on its
 * curve (not the point at infinity); Ed25519 refuses S &ge; L and a non-canonical R, and its key is
 * refused if small-order or non-canonical. One difference, allowed by RFC 8032 §5.1.7: BC checks
 * the cofactored equation [8][S]B = [8]R + [8][k]A, the JDK the cofactorless one. The signatures
 * only the first accepts carry a small-order component in R, which changes k = H(R||A||M): only the
 * private key's holder can make one, so neither a forgery nor a third-party malleation is possible.
 */
public sealed interface BouncyCastleKey {

    /** Verifies {@code signature} (its length already checked) over {@code input[0, length)}. */
    boolean verify(byte[] input, int length, byte[] signature);

    /**
     * The converted key; {@link Refused} if BouncyCastle refuses it (off the curve, small order), so
     * such a key verifies nothing; null where BouncyCastle is not used (RSA, Ed448): the JDK verifies.
     */
    static BouncyCastleKey of(PublicKey key, String keyType, String curve) {
        try {
            if ("EC".equals(keyType) && key instanceof ECPublicKey ec) {
                return Ecdsa.of(ec, curve);
            }
            if ("OKP".equals(keyType) && "Ed25519".equals(curve) && key instanceof EdECPublicKey ed) {
                return new Ed25519Key(new Ed25519PublicKeyParameters(encode(ed)));
            }
        } catch (IllegalArgumentException notOnCurveOrSmallOrder) {
            return new Refused(notOnCurveOrSmallOrder.getMessage());
        }
        return null;
    }

    /** RFC 8032 §5.1.2: y little-endian, the top bit x's parity. */
    private static byte[] encode(EdECPublicKey key) {
        byte[] y = key.getPoint().getY().toByteArray();
        if (y.length > 33 || (y.length == 33 && y[0] != 0)) {
            throw new IllegalArgumentException("Ed25519 y does not fit 255 bits");
        }
        byte[] out = new byte[Ed25519.PUBLIC_KEY_SIZE];
        for (int i = 0; i < Math.min(y.length, 32); i++) {
            out[i] = y[y.length - 1 - i];
        }
        if (key.getPoint().isXOdd()) {
            out[31] |= (byte) 0x80;
        }
        return out;
    }

    /** ECDSA with the JWS hash of the curve (P-256: SHA-256, P-384: SHA-384, P-521: SHA-512). */
    record Ecdsa(ECDSASigner verifier, MessageDigest digestPrototype, int coordinateLength) implements BouncyCastleKey {

        static Ecdsa of(ECPublicKey key, String curve) {
            String name;
            String digest;
            switch (curve == null ? "" : curve) {
                case "P-256" -> { name = "secp256r1"; digest = "SHA-256"; }
                case "P-384" -> { name = "secp384r1"; digest = "SHA-384"; }
                case "P-521" -> { name = "secp521r1"; digest = "SHA-512"; }
                default -> throw new IllegalArgumentException("EC curve " + curve + " is not P-256, P-384 or P-521");
            }
            // The custom curves (SecP256R1Curve, ...) are BC's fast field arithmetic.
            X9ECParameters x9 = CustomNamedCurves.getByName(name);
            ECDomainParameters domain = new ECDomainParameters(x9.getCurve(), x9.getG(), x9.getN(), x9.getH());
            BigInteger x = key.getW().getAffineX();
            BigInteger y = key.getW().getAffineY();
            // validatePublicPoint (in the constructor): on the curve, not infinity, of order n.
            ECPublicKeyParameters pub = new ECPublicKeyParameters(x9.getCurve().validatePoint(x, y), domain);
            ECDSASigner verifier = new ECDSASigner();
            verifier.init(false, pub);
            try {
                return new Ecdsa(verifier, MessageDigest.getInstance(digest), (x9.getN().bitLength() + 7) / 8);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public boolean verify(byte[] input, int length, byte[] signature) {
            if (signature.length != 2 * coordinateLength) {
                return false;
            }
            MessageDigest digest;
            try {
                digest = (MessageDigest) digestPrototype.clone();
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException(e);
            }
            digest.update(input, 0, length);
            BigInteger r = new BigInteger(1, signature, 0, coordinateLength);
            BigInteger s = new BigInteger(1, signature, coordinateLength, coordinateLength);
            // ECDSASigner refuses r or s outside [1, n-1] before any arithmetic (CVE-2022-21449).
            return verifier.verifySignature(digest.digest(), r, s);
        }
    }

    /** A key BouncyCastle refused: no signature verifies with it. */
    record Refused(String reason) implements BouncyCastleKey {
        @Override
        public boolean verify(byte[] input, int length, byte[] signature) {
            return false;
        }
    }

    record Ed25519Key(Ed25519PublicKeyParameters key) implements BouncyCastleKey {
        @Override
        public boolean verify(byte[] input, int length, byte[] signature) {
            return signature.length == Ed25519.SIGNATURE_SIZE
                    && key.verify(Ed25519.Algorithm.Ed25519, null, input, 0, length, signature, 0);
        }
    }

}
