package io.jwtbench.service.validation;

/**
 * Strict base64url (RFC 7515 §2): alphabet {@code A-Z a-z 0-9 - _}, no padding, no
 * whitespace, and a canonical last character (unused low bits zero), so one byte string
 * has exactly one encoding. {@link java.util.Base64}'s URL decoder accepts non-canonical
 * tails, which would let two different tokens carry the same signature bytes.
 */
final class Base64Url {
    private static final byte[] VALUES = new byte[128];

    static {
        java.util.Arrays.fill(VALUES, (byte) -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (int i = 0; i < alphabet.length(); i++) {
            VALUES[alphabet.charAt(i)] = (byte) i;
        }
    }

    private Base64Url() {
    }

    /** The sextet value of {@code c}, or -1 if it is not a base64url character. */
    static int value(char c) {
        return c < 128 ? VALUES[c] : -1;
    }

    /**
     * Decodes {@code s[from, to)}. Returns null if the segment is not canonical base64url:
     * a length of 1 mod 4, or non-zero unused bits in the last character. Characters are
     * assumed to be already checked against the alphabet.
     */
    static byte[] decode(String s, int from, int to) {
        int len = to - from;
        int rem = len & 3;
        if (rem == 1) {
            return null;
        }
        int outLen = (len >>> 2) * 3 + (rem == 0 ? 0 : rem - 1);
        byte[] out = new byte[outLen];
        int o = 0;
        int i = from;
        int fullEnd = from + (len & ~3);
        while (i < fullEnd) {
            int bits = VALUES[s.charAt(i)] << 18 | VALUES[s.charAt(i + 1)] << 12
                    | VALUES[s.charAt(i + 2)] << 6 | VALUES[s.charAt(i + 3)];
            out[o++] = (byte) (bits >> 16);
            out[o++] = (byte) (bits >> 8);
            out[o++] = (byte) bits;
            i += 4;
        }
        if (rem == 2) {
            int last = VALUES[s.charAt(i + 1)];
            if ((last & 0x0F) != 0) {
                return null;
            }
            out[o] = (byte) (VALUES[s.charAt(i)] << 2 | last >> 4);
        } else if (rem == 3) {
            int last = VALUES[s.charAt(i + 2)];
            if ((last & 0x03) != 0) {
                return null;
            }
            int bits = VALUES[s.charAt(i)] << 10 | VALUES[s.charAt(i + 1)] << 4 | last >> 2;
            out[o++] = (byte) (bits >> 8);
            out[o] = (byte) bits;
        }
        return out;
    }
}
