package io.jwtbench.service.validation;

/**
 * The three segments of a compact JWS, checked for shape only: nothing in it is trusted yet.
 * Exactly two dots; each segment is then decoded strictly ({@link Base64Url}), which is where
 * characters outside the base64url alphabet are refused.
 */
final class CompactToken {
    final String text;
    /** The token as ASCII bytes: the signing input is its prefix, the cache key its hash. */
    final byte[] bytes;
    private final int dot1;
    private final int dot2;

    private CompactToken(String text, byte[] bytes, int dot1, int dot2) {
        this.text = text;
        this.bytes = bytes;
        this.dot1 = dot1;
        this.dot2 = dot2;
    }

    /**
     * @param token a token already checked against the size cap
     * @param ascii {@code token} as US-ASCII bytes (the caller needed them for the cache key)
     */
    static CompactToken split(String token, byte[] ascii) throws InvalidTokenException {
        int dot1 = token.indexOf('.');
        int dot2 = dot1 < 0 ? -1 : token.indexOf('.', dot1 + 1);
        if (dot2 < 0) {
            throw new InvalidTokenException(Reason.MALFORMED, "a compact JWS has exactly three segments");
        }
        if (token.indexOf('.', dot2 + 1) >= 0) {
            throw new InvalidTokenException(Reason.MALFORMED, "more than three segments (JWE or garbage)");
        }
        if (dot1 == 0 || dot2 == dot1 + 1) {
            throw new InvalidTokenException(Reason.MALFORMED, "empty header or payload segment");
        }
        return new CompactToken(token, ascii, dot1, dot2);
    }

    byte[] header() throws InvalidTokenException {
        return decode(0, dot1, "header");
    }

    byte[] payload() throws InvalidTokenException {
        return decode(dot1 + 1, dot2, "payload");
    }

    byte[] signature() throws InvalidTokenException {
        return decode(dot2 + 1, text.length(), "signature");
    }

    /** Length of the JWS signing input, {@code header.payload}, a prefix of {@link #bytes}. */
    int signingInputLength() {
        return dot2;
    }

    private byte[] decode(int from, int to, String segment) throws InvalidTokenException {
        byte[] decoded = Base64Url.decode(bytes, from, to);
        if (decoded == null) {
            throw new InvalidTokenException(Reason.MALFORMED,
                    segment + " is not canonical base64url (padding, '+', '/', whitespace and loose trailing bits are refused)");
        }
        return decoded;
    }
}
