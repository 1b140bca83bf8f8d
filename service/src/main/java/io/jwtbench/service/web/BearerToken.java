package io.jwtbench.service.web;

import java.util.List;

import io.jwtbench.service.validation.RequestProblem;

/**
 * Extracts the token from {@code Authorization: Bearer <token>}: {@code "Bearer" 1*SP token} (RFC 6750
 * §2.1; the scheme's case is free, RFC 9110 §11.1), one rule for every route and for HTTP security. The
 * outcome is one of: a token; no bearer credentials (no header, or another scheme's, such as {@code Basic}:
 * RFC 6750 §3.1 answers both with a bare challenge, and HTTP security leaves the latter to another mechanism);
 * or a request malformed enough to deserve {@code 400 invalid_request} rather than {@code 401}, with its
 * {@link RequestProblem}. A tab or any other white space where the spaces go is not a space; the HTTP layer has
 * already removed white space around the whole value (RFC 9110 §5.5) and turned a folded line into one space
 * (RFC 9112 §5.2).
 *
 * @param problem for people: what is wrong, or why there is no token; null for a token or no header
 * @param reason  the stable code of what is wrong, null unless malformed
 */
public record BearerToken(String token, String problem, RequestProblem reason) {
    private static final String SCHEME = "Bearer";

    static final BearerToken ABSENT = new BearerToken(null, null, null);
    /** Credentials of another scheme: no bearer token, said without echoing what a stranger sent. */
    static final BearerToken OTHER_SCHEME = new BearerToken(null, "the Authorization header is of another scheme than Bearer", null);

    /** No bearer credentials: no header, or another scheme's. */
    public boolean absent() {
        return token == null && reason == null;
    }

    public boolean malformed() {
        return reason != null;
    }

    public static BearerToken from(List<String> authorization) {
        if (authorization == null || authorization.isEmpty()) {
            return ABSENT;
        }
        if (authorization.size() > 1) {
            return malformed(RequestProblem.MULTIPLE_AUTHORIZATION, "more than one Authorization header");
        }
        String value = authorization.get(0);
        if (value.isBlank() || value.strip().equalsIgnoreCase(SCHEME)) {
            return malformed(RequestProblem.EMPTY_TOKEN, "Authorization header has no token");
        }
        if (otherScheme(value)) {
            return OTHER_SCHEME;
        }
        if (value.length() <= SCHEME.length() || !value.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                || value.charAt(SCHEME.length()) != ' ') {
            return malformed(RequestProblem.MALFORMED_AUTHORIZATION,
                    "Authorization must be Bearer, one or more spaces, then the token (RFC 6750 section 2.1)");
        }
        int start = SCHEME.length() + 1;
        while (start < value.length() && value.charAt(start) == ' ') {
            start++;
        }
        if (start == value.length()) {
            return malformed(RequestProblem.EMPTY_TOKEN, "Authorization header has no token");
        }
        if (Character.isWhitespace(value.charAt(start))) {
            return malformed(RequestProblem.MALFORMED_AUTHORIZATION,
                    "Authorization must be Bearer, one or more spaces, then the token: only spaces may separate them");
        }
        for (int i = start; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c <= ' ' || c >= 0x7f) {
                return malformed(RequestProblem.TOKEN_CHARACTERS, "the bearer token contains white space, control or non-ASCII characters");
            }
        }
        return new BearerToken(value.substring(start), null, null);
    }

    /**
     * Whether the value is credentials of another scheme (RFC 9110 §11.4: a scheme name, then white space and its
     * credentials, or nothing): its first word does not begin with {@code Bearer}. A value that begins with it but
     * runs on ({@code Bearer<token>}, {@code Bearer<tab>}) was meant as a bearer token and is malformed; so is a bare
     * JWT without a scheme (one word with dots, which no scheme's name has).
     */
    private static boolean otherScheme(String value) {
        int end = 0;
        while (end < value.length() && !Character.isWhitespace(value.charAt(end))) {
            end++;
        }
        if (end == value.length() && value.indexOf('.') >= 0) {
            return false; // a bare JWT, meant as a bearer token
        }
        return end < SCHEME.length() || !value.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
    }

    private static BearerToken malformed(RequestProblem reason, String problem) {
        return new BearerToken(null, problem, reason);
    }
}
