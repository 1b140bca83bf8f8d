package io.jwtbench.service.validation;

/**
 * Why a token was refused. The names are a stable API: they appear in response bodies
 * ({@code "reason"}) and in the {@code jwt_validations_total{reason=...}} metric.
 */
public enum Reason {
    /** Longer than {@code jwt.max-token-size}; refused before any decoding. */
    TOKEN_TOO_LARGE,
    /** Not three strict base64url segments of JSON objects, duplicate JSON members, bad claim JSON. */
    MALFORMED,
    /** alg is none, symmetric, unknown, or not on the issuer's allow-list. */
    UNSUPPORTED_ALGORITHM,
    /** A header the validator will not honour: crit, zip, b64, jwk, jku, x5u, x5c, nested cty. */
    UNSUPPORTED_HEADER,
    /** iss missing, not a string, or not a configured issuer. */
    ISSUER_UNKNOWN,
    /**
     * No key of the issuer matches the kid (after a rate-limited JWKS refresh), or none is loaded, or the
     * token has no kid and the issuer has more than one key for its alg (kid-less tokens are verified
     * only against an issuer's single key).
     */
    UNKNOWN_KEY,
    /** The key named by kid cannot be used with the token's alg (type, curve or JWK alg differ). */
    KEY_ALGORITHM_MISMATCH,
    SIGNATURE_INVALID,
    TOKEN_EXPIRED,
    TOKEN_NOT_YET_VALID,
    /** iat later than now plus the clock skew. */
    ISSUED_IN_FUTURE,
    AUDIENCE_MISMATCH,
    AUTHORIZED_PARTY_MISMATCH,
    TOKEN_TYPE_MISMATCH,
    /** exp or a configured required claim is absent. */
    MISSING_CLAIM,
    /** A registered claim has the wrong JSON type (exp not a number, aud not string/array, ...). */
    INVALID_CLAIM
}
