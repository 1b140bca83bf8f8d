package io.jwtbench.service.validation;

/**
 * Why a request was refused before any token was read: RFC 6750's {@code invalid_request} (400, or 431 for
 * headers too large). The names are a stable API, as {@link Reason}'s: they appear in response bodies
 * ({@code "reason"}) and in {@code jwt_validations_total{result="invalid_request",reason=...}}.
 */
public enum RequestProblem {
    /** More than one {@code Authorization} header. */
    MULTIPLE_AUTHORIZATION,
    /**
     * {@code Authorization} is not {@code "Bearer" 1*SP token} (RFC 6750 §2.1): another scheme, no space after
     * {@code Bearer}, a tab or another white-space character in its place.
     */
    MALFORMED_AUTHORIZATION,
    /** {@code Bearer} and nothing after it. */
    EMPTY_TOKEN,
    /** The token holds white space, a control character or a non-ASCII character. */
    TOKEN_CHARACTERS,
    /** A header the HTTP layer could not read: a control character in a name or value, a malformed line. */
    MALFORMED_HEADERS,
    /** The request line and headers are longer than {@code quarkus.http.limits.max-header-size} (431). */
    HEADERS_TOO_LARGE
}
