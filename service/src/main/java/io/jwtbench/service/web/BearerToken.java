package io.jwtbench.service.web;

import java.util.List;

import io.jwtbench.service.validation.RequestProblem;

/**
 * Extracts the token from {@code Authorization: Bearer <token>}: {@code "Bearer" 1*SP token} (RFC 6750
 * §2.1; the scheme's case is free, RFC 9110 §11.1), one rule for every route and for HTTP security. The
 * outcome is one of: a token, no credentials at all, or a request malformed enough to deserve
 * {@code 400 invalid_request} rather than {@code 401}, with its {@link RequestProblem}. A tab or any other
 * white space where the spaces go is not a space; the HTTP layer has already removed white space around the
 * whole value (RFC 9110 §5.5) and turned a folded line into one space (RFC 9112 §5.2).
 *
 * @param problem for people: what is wrong, null unless malformed
 * @param reason  the stable code of what is wrong, null unless malformed
 */
public record BearerToken(String token, String problem, RequestProblem reason) {
    private static final String SCHEME = "Bearer";

    static final BearerToken ABSENT = new BearerToken(null, null, null);

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
            return malformed(RequestProblem.MULTIPLE_AUTHORIZATION, "more than one Authorization header");
        }
        String value = authorization.get(0);
        if (value.isBlank() || value.strip().equalsIgnoreCase(SCHEME)) {
            return malformed(RequestProblem.EMPTY_TOKEN, "Authorization header has no token");
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

    private static BearerToken malformed(RequestProblem reason, String problem) {
        return new BearerToken(null, problem, reason);
    }
}
