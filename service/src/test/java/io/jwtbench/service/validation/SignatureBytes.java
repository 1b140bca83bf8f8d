package io.jwtbench.service.validation;

import java.math.BigInteger;
import java.util.Arrays;

/** Byte-level surgery on ECDSA (R||S) and Ed25519 (R||S little-endian) signatures, for the attack tests. */
final class SignatureBytes {
    /** P-256's group order n. */
    static final BigInteger P256_N = new BigInteger("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16);
    /** Ed25519's group order L = 2^252 + 27742317777372353535851937790883648493. */
    static final BigInteger ED25519_L = BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));

    private SignatureBytes() {
    }

    /** {@code value} as 32 big-endian bytes (it must fit). */
    static byte[] fixed32(BigInteger value) {
        byte[] bytes = value.toByteArray();
        int from = bytes.length > 32 ? bytes.length - 32 : 0;
        if (from > 0 && (from > 1 || bytes[0] != 0)) {
            throw new IllegalArgumentException(value + " does not fit 32 bytes");
        }
        byte[] out = new byte[32];
        System.arraycopy(bytes, from, out, 32 - (bytes.length - from), bytes.length - from);
        return out;
    }

    static byte[] reversed(byte[] bytes) {
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = bytes[bytes.length - 1 - i];
        }
        return out;
    }

    static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    /** An Ed25519 signature with S replaced by S + L: the same S modulo L, which verifiers must refuse. */
    static byte[] ed25519SPlusL(byte[] signature) {
        BigInteger s = new BigInteger(1, reversed(Arrays.copyOfRange(signature, 32, 64)));
        return concat(Arrays.copyOfRange(signature, 0, 32), reversed(fixed32(s.add(ED25519_L))));
    }
}
