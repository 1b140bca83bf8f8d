package io.jwtbench.service.web;

import java.util.List;

/**
 * Extracts the token from {@code Authorization: Bearer <token>} (RFC 6750 §2.1). The outcome is
 * one of: a token, no credentials at all, or a request malformed enough to deserve
 * {@code 400 invalid_request} rather than {@code 401}.
 */
public record BearerToken(String token, String problem) {
    private static final String SCHEME = "Bearer";

    static final BearerToken ABSENT = new BearerToken(null, null);

    public boolean absent() {
        return token == null && problem == null;
    }

    public boolean malformed() {
        return problem != null;
    }

    public static BearerToken from(List<String> authorization) {
        if (authorization == null || authorization.isEmpty()) {
            return ABSENT;
        }
        if (authorization.size() > 1) {
            return malformed("more than one Authorization header");
        }
        String value = authorization.get(0);
        if (value.length() <= SCHEME.length() || !value.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                || value.charAt(SCHEME.length()) != ' ') {
            return value.isBlank() || value.equalsIgnoreCase(SCHEME)
                    ? malformed("Authorization header has no token")
                    : malformed("Authorization scheme must be Bearer");
        }
        // One pass, one copy: the bounds strip() would give, then the characters between them.
        int start = SCHEME.length() + 1;
        int end = value.length();
        while (start < end && Character.isWhitespace(value.charAt(start))) {
            start++;
        }
        while (end > start && Character.isWhitespace(value.charAt(end - 1))) {
            end--;
        }
        if (start == end) {
            return malformed("Authorization header has no token");
        }
        for (int i = start; i < end; i++) {
            char c = value.charAt(i);
            if (c <= ' ' || c >= 0x7f) {
                return malformed("the bearer token contains whitespace or non-ASCII characters");
            }
        }
        String token = value.substring(start, end);
        return new BearerToken(token, null);
    }

    private static BearerToken malformed(String problem) {
        return new BearerToken(null, problem);
    }
}
