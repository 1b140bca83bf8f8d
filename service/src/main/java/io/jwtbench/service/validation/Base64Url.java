package io.jwtbench.service.validation;

/**
 * Strict base64url (RFC 7515 §2): alphabet {@code A-Z a-z 0-9 - _}, no padding, no
 * whitespace, and a canonical last character (unused low bits zero), so one byte string
 * has exactly one encoding. {@link java.util.Base64}'s URL decoder accepts non-canonical
 * tails, which would let two different tokens carry the same signature bytes, so the checks
 * come first and the JDK only decodes.
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

    private static final java.util.Base64.Decoder DECODER = java.util.Base64.getUrlDecoder();

    private Base64Url() {
    }

    /**
     * Decodes {@code ascii[from, to)} (US-ASCII bytes: any other character arrives as '?').
     * Returns null unless the segment is canonical unpadded base64url. The JDK decoder refuses
     * characters outside the URL alphabet (whitespace, '+', '/', '?') but accepts trailing '='
     * padding and loose trailing bits, so those two are checked here first.
     */
    static byte[] decode(byte[] ascii, int from, int to) {
        int rem = (to - from) & 3;
        if (rem == 1 || to > from && ascii[to - 1] == '=') {
            return null;
        }
        if (rem != 0) {
            int last = VALUES[ascii[to - 1]];
            if (last < 0 || (last & (rem == 2 ? 0x0F : 0x03)) != 0) {
                return null;
            }
        }
        try {
            return DECODER.decode(java.util.Arrays.copyOfRange(ascii, from, to));
        } catch (IllegalArgumentException notBase64Url) {
            return null;
        }
    }
}
