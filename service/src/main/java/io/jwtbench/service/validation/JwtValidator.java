package io.jwtbench.service.validation;

import io.jwtbench.bench.probe.Phases;
import io.jwtbench.service.validation.keys.KeySet;
import io.jwtbench.service.validation.keys.VerificationKey;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The strict validation pipeline for signed JWTs (compact JWS). In order:
 * <ol>
 * <li><b>shape</b>: size cap, three strict base64url segments ({@link CompactToken});</li>
 * <li><b>cache</b>: a previously validated identical token is returned after its exp/nbf are re-checked;</li>
 * <li><b>parse</b>: header policy ({@link JoseHeader}); {@code iss} by a bounded read of the unverified
 * payload; the issuer from the allow-list; the algorithm from that issuer's allow-list;</li>
 * <li><b>signature</b>: with that issuer's keys only, kid and key type bound to the algorithm; a token
 * without kid only when the issuer has exactly one key for its algorithm (one verification at most);</li>
 * <li><b>claims</b>: only now is the payload fully parsed (duplicate members refused), iss re-checked,
 * exp required, time claims with skew, audience, azp, typ and required claims.</li>
 * </ol>
 * The class has no framework dependencies so that benchmarks and tests use the production
 * object. It is thread-safe and lock-free on the hot path.
 */
public final class JwtValidator {
    /** Breakdown phase: size cap, ASCII bytes, the signature's SHA-256 and cache lookup (all of a cache hit). */
    public static final String PHASE_CACHE = "jwt.cache";
    /** Breakdown phase: three-segment split, base64url, header policy, bounded iss read, issuer and alg. */
    public static final String PHASE_PARSE = "jwt.parse";
    /** Breakdown phase: key selection and the JCA verification. */
    public static final String PHASE_SIGNATURE = "jwt.signature";
    /** Breakdown phase: full payload parse, claim checks, cache insert. */
    public static final String PHASE_CLAIMS = "jwt.claims";

    private final IssuerRegistry issuers;
    private final long skewSeconds;
    private final int maxTokenLength;
    private final Clock clock;
    private final TokenCache cache;
    /** exp - (iat, or now without iat) may not exceed this; 0: no limit. */
    private final long maxLifetimeSeconds;
    private volatile java.util.concurrent.Executor completions = java.util.concurrent.ForkJoinPool.commonPool();
    private volatile SignatureProviders providers = SignatureProviders.DEFAULT;

    /** Earliest NumericDate accepted: -9999-01-01T00:00:00Z. */
    static final long MIN_DATE = -377705116800L;
    /** Latest NumericDate accepted: 9999-12-31T23:59:59Z. */
    static final long MAX_DATE = 253402300799L;
    /** Longest kid looked up; longer or non-printable kids are refused without any JWKS fetch. */
    public static final int MAX_KID_LENGTH = 256;

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(JwtValidator.class);

    /**
     * @param cache null disables caching
     */
    public JwtValidator(IssuerRegistry issuers, Duration clockSkew, int maxTokenLength, Clock clock, TokenCache cache) {
        this(issuers, clockSkew, maxTokenLength, clock, cache, null);
    }

    /**
     * @param cache       null disables caching
     * @param maxLifetime null or zero: no limit on exp - iat
     */
    public JwtValidator(IssuerRegistry issuers, Duration clockSkew, int maxTokenLength, Clock clock, TokenCache cache,
            Duration maxLifetime) {
        this.issuers = issuers;
        this.skewSeconds = clockSkew.toSeconds();
        this.maxTokenLength = maxTokenLength;
        this.clock = clock;
        this.cache = cache;
        this.maxLifetimeSeconds = maxLifetime == null ? 0 : maxLifetime.toSeconds();
    }

    public IssuerRegistry issuers() {
        return issuers;
    }

    public TokenCache cache() {
        return cache;
    }

    /**
     * Validates without ever blocking the caller: when the token names a kid its issuer's keys do
     * not have, the answer waits (asynchronously) for a rate-limited JWKS refresh. Safe on an event
     * loop. Fails with a {@link CompletionException} wrapping an {@link InvalidTokenException}.
     */
    public CompletionStage<ValidatedToken> validateAsync(String token) {
        return validateAsync(token, true);
    }

    /**
     * As {@link #validateAsync(String)}, every check and the signature whatever the token cache holds,
     * and nothing added to it: what a token costs without the cache.
     */
    public CompletionStage<ValidatedToken> validateWithoutCacheAsync(String token) {
        return validateAsync(token, false);
    }

    private CompletionStage<ValidatedToken> validateAsync(String token, boolean useCache) {
        try {
            return CompletableFuture.completedFuture(attempt(token, true, useCache));
        } catch (InvalidTokenException e) {
            return CompletableFuture.failedFuture(e);
        } catch (KeyRefreshNeeded refresh) {
            CompletionStage<KeySet> refreshed;
            try {
                refreshed = refresh.issuer.keys().refreshForUnknownKid(refresh.kid);
            } catch (RuntimeException e) {
                refreshed = CompletableFuture.completedFuture(null);
            }
            // The retry runs on the completion executor, never on the thread that completed the
            // fetch (the single JWKS refresh thread would otherwise verify every parked token).
            return refreshed.handleAsync((keys, failure) -> {
                try {
                    return attempt(token, false, useCache);
                } catch (InvalidTokenException | KeyRefreshNeeded e) {
                    throw new CompletionException(e);
                }
            }, completions);
        }
    }

    /** Where answers that waited for a JWKS refresh are computed; the common pool unless set. */
    public JwtValidator completeOn(java.util.concurrent.Executor executor) {
        this.completions = java.util.Objects.requireNonNull(executor, "executor");
        return this;
    }

    /** Which library verifies each family of signatures. */
    public SignatureProviders providers() {
        return providers;
    }

    /** Which library verifies each family of signatures; {@link SignatureProviders#DEFAULT} unless set. */
    public JwtValidator verifyWith(SignatureProviders providers) {
        this.providers = java.util.Objects.requireNonNull(providers, "providers");
        return this;
    }

    /**
     * Validates on the calling thread, which blocks only while a JWKS refresh for an unknown kid is
     * under way. Never call it on an event loop: use {@link #validateAsync} (the HTTP routes all do,
     * so no request thread ever parks on a fetch).
     */
    public ValidatedToken validate(String token) throws InvalidTokenException {
        try {
            return attempt(token, true, true);
        } catch (KeyRefreshNeeded refresh) {
            try {
                refresh.issuer.keys().refreshForUnknownKid(refresh.kid).toCompletableFuture().join();
            } catch (RuntimeException | Error fetchFailed) {
                // The source keeps its last good keys; the retry below reports UNKNOWN_KEY.
            }
            try {
                return attempt(token, false, true);
            } catch (KeyRefreshNeeded impossible) {
                throw new IllegalStateException(impossible);
            }
        }
    }

    /**
     * Every refusal is an {@link InvalidTokenException}: a runtime exception from a library or a bug
     * on this path means the token could not be processed, which is a 401, never a 500.
     */
    private ValidatedToken attempt(String token, boolean mayRefresh, boolean useCache)
            throws InvalidTokenException, KeyRefreshNeeded {
        try {
            return attemptUnguarded(token, mayRefresh, useCache);
        } catch (RuntimeException | StackOverflowError e) {
            LOG.debugf(e, "Token refused after an unexpected %s", e.getClass().getName());
            throw new InvalidTokenException(Reason.MALFORMED, "token could not be processed");
        }
    }

    private ValidatedToken attemptUnguarded(String token, boolean mayRefresh, boolean useCache)
            throws InvalidTokenException, KeyRefreshNeeded {
        // Phases of the bench's breakdown, as JFR events: without a recording, no clock read and no
        // allocation. Each lap ends a phase and starts the next; the finally ends the last one, so
        // refusals are timed in the phase that refused.
        long t = Phases.start();
        String phase = PHASE_CACHE;
        try {
            if (token.length() > maxTokenLength) {
                throw new InvalidTokenException(Reason.TOKEN_TOO_LARGE,
                        "token is " + token.length() + " characters, the limit is " + maxTokenLength);
            }
            byte[] ascii = token.getBytes(StandardCharsets.US_ASCII);
            TokenCache.Key cacheKey = null;
            if (cache != null && useCache) {
                // Looked up before the shape checks: a hit is byte-identical to a token that passed
                // them. Non-ASCII characters become '?', which no validated token contains. An entry
                // whose issuer's keys changed since, or older than the cache TTL, is not a hit.
                cacheKey = TokenCache.keyOf(token, ascii);
                long nowMillis = clock.millis();
                TokenCache.Entry hit = cacheKey == null ? null : cache.get(cacheKey, ascii, Math.floorDiv(nowMillis, 1000L));
                if (hit != null) {
                    ValidatedToken validated = hit.token();
                    try {
                        checkTimes(validated.expiresAt(), validated.notBeforeMillis(), nowMillis);
                    } catch (InvalidTokenException e) {
                        cache.invalidate(cacheKey);
                        throw e.from(hit.issuer());
                    }
                    return validated;
                }
            }
            t = Phases.lap(phase, t);
            phase = PHASE_PARSE;
            CompactToken jws = CompactToken.split(token, ascii);

            JoseHeader header = JoseHeader.parse(jws.header());
            JwsAlgorithm alg = JwsAlgorithm.of(header.alg());
            if (alg == null) {
                throw new InvalidTokenException(Reason.UNSUPPORTED_ALGORITHM,
                        "alg " + abbreviate(header.alg()) + " is not accepted (none, HS* and unknown algorithms never are)");
            }
            String payload;
            try {
                payload = StrictJson.utf8(jws.payload());
            } catch (IOException e) {
                throw new InvalidTokenException(Reason.MALFORMED, "payload: " + e.getMessage());
            }
            Issuer issuer = issuerOf(payload);
            try {
                if (!issuer.algorithms().contains(alg)) {
                    // The issuer's allow-list is not named: nothing about its configuration is told
                    // to a caller before the signature is checked.
                    throw new InvalidTokenException(Reason.UNSUPPORTED_ALGORITHM,
                            "alg " + alg + " is not allowed for issuer " + issuer.name());
                }
                t = Phases.lap(phase, t);
                phase = PHASE_SIGNATURE;
                KeySet verifiedWith = verifySignature(jws, header, alg, issuer, mayRefresh);
                t = Phases.lap(phase, t);
                phase = PHASE_CLAIMS;
                ValidatedToken validated = checkClaims(issuer, header, payload);
                if (cacheKey != null) {
                    cache.put(cacheKey, ascii, validated, issuer, verifiedWith, nowSeconds());
                }
                return validated;
            } catch (InvalidTokenException e) {
                throw e.from(issuer);
            }
        } finally {
            Phases.end(phase, t);
        }
    }

    private Issuer issuerOf(String payload) throws InvalidTokenException {
        String iss;
        try {
            iss = StrictJson.readTopLevelString(payload, "iss");
        } catch (IOException e) {
            throw new InvalidTokenException(Reason.MALFORMED, "payload: " + JoseHeader.conciseMessage(e));
        }
        if (iss == null) {
            throw new InvalidTokenException(Reason.ISSUER_UNKNOWN, "token has no iss claim");
        }
        Issuer issuer = issuers.byIss(iss);
        if (issuer == null) {
            throw new InvalidTokenException(Reason.ISSUER_UNKNOWN, "iss " + abbreviate(iss) + " is not a trusted issuer");
        }
        return issuer;
    }

    /** Returns the key set whose key verified the signature (what a cache entry is bound to). */
    private KeySet verifySignature(CompactToken jws, JoseHeader header, JwsAlgorithm alg, Issuer issuer, boolean mayRefresh)
            throws InvalidTokenException, KeyRefreshNeeded {
        KeySet keys = issuer.keys().current();
        byte[] signature = jws.signature();
        if (header.kid() != null) {
            if (!plausibleKid(header.kid())) {
                throw new InvalidTokenException(Reason.UNKNOWN_KEY, "kid is longer than " + MAX_KID_LENGTH
                        + " characters or not printable ASCII");
            }
            VerificationKey key = keys.byKid(header.kid());
            if (key == null) {
                if (mayRefresh) {
                    throw new KeyRefreshNeeded(issuer, header.kid());
                }
                throw new InvalidTokenException(Reason.UNKNOWN_KEY,
                        "issuer " + issuer.name() + " has no key with kid " + abbreviate(header.kid()));
            }
            if (!key.permits(alg.name())) {
                // The key's type, curve and alg are not described to an unauthenticated caller.
                throw new InvalidTokenException(Reason.KEY_ALGORITHM_MISMATCH,
                        "key " + abbreviate(header.kid()) + " cannot verify " + alg);
            }
            if (!verify(alg, key, jws, signature, providers)) {
                throw new InvalidTokenException(Reason.SIGNATURE_INVALID, "signature does not verify with key " + abbreviate(header.kid()));
            }
            return keys;
        }
        // No kid: at most one candidate. Only an issuer with exactly one key usable for this algorithm
        // verifies a kid-less token; trying every key would let a stranger buy one verification per
        // key per request (48 RSA-8192 keys: 25.8x the CPU of a kid-bearing token). With several
        // candidates the token cannot say which key signed it: UNKNOWN_KEY, nothing verified.
        VerificationKey only = null;
        int candidates = 0;
        for (VerificationKey key : keys.keys()) {
            if (key.permits(alg.name())) {
                candidates++;
                only = key;
            }
        }
        if (candidates == 0) {
            if (mayRefresh) {
                throw new KeyRefreshNeeded(issuer, "");
            }
            throw new InvalidTokenException(Reason.UNKNOWN_KEY, "issuer " + issuer.name() + " has no key for " + alg);
        }
        if (candidates > 1) {
            throw new InvalidTokenException(Reason.UNKNOWN_KEY, "token has no kid and issuer " + issuer.name()
                    + " has more than one key for its alg: a kid is required");
        }
        if (!verify(alg, only, jws, signature, providers)) {
            throw new InvalidTokenException(Reason.SIGNATURE_INVALID, "signature does not verify with the issuer's only key for " + alg);
        }
        return keys;
    }

    private static boolean verify(JwsAlgorithm alg, VerificationKey key, CompactToken jws, byte[] signature,
            SignatureProviders providers) {
        try {
            return alg.verify(key, jws.bytes, jws.signingInputLength(), signature, providers);
        } catch (GeneralSecurityException | RuntimeException malformedSignature) {
            return false;
        }
    }

    /** Printable ASCII (what every IdP's kids are) of bounded length. */
    static boolean plausibleKid(String kid) {
        if (kid.length() > MAX_KID_LENGTH) {
            return false;
        }
        for (int i = 0; i < kid.length(); i++) {
            char c = kid.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }

    private ValidatedToken checkClaims(Issuer issuer, JoseHeader header, String payload) throws InvalidTokenException {
        Map<String, Object> claims;
        try {
            claims = StrictJson.readObject(payload);
        } catch (IOException e) {
            throw new InvalidTokenException(Reason.MALFORMED, "payload: " + JoseHeader.conciseMessage(e));
        }
        // The issuer was chosen by a partial read; the full, duplicate-checked parse must agree.
        if (!issuer.issuer().equals(claims.get("iss"))) {
            throw new InvalidTokenException(Reason.ISSUER_UNKNOWN, "iss differs between reads of the payload");
        }
        long expMillis = numericDate(claims, "exp", false);
        if (expMillis == Long.MIN_VALUE) {
            throw new InvalidTokenException(Reason.MISSING_CLAIM, "exp is required");
        }
        long exp = Math.floorDiv(expMillis, 1000L); // whole seconds, a fraction dropped: it expires no later than it says
        long nbf = numericDate(claims, "nbf", true);
        long iat = numericDate(claims, "iat", true);
        long now = clock.millis();
        checkTimes(exp, nbf, now);
        if (iat != Long.MIN_VALUE && iat > now + skewSeconds * 1000) {
            throw new InvalidTokenException(Reason.ISSUED_IN_FUTURE, "iat " + Instant.ofEpochMilli(iat) + " is in the future");
        }
        if (maxLifetimeSeconds > 0) {
            long from = iat != Long.MIN_VALUE ? Math.floorDiv(iat, 1000L) : Math.floorDiv(now, 1000L);
            if (exp - from > maxLifetimeSeconds) {
                throw new InvalidTokenException(Reason.INVALID_CLAIM, "token lifetime " + (exp - from)
                        + " s is longer than the limit of " + maxLifetimeSeconds + " s (jwt.max-token-lifetime)");
            }
        }
        requireStringIfPresent(claims, "sub");
        requireStringIfPresent(claims, "jti");
        requireStringIfPresent(claims, "azp");
        List<String> audience = audience(claims);
        if (!issuer.audience().isEmpty() && audience.stream().noneMatch(issuer.audience()::contains)) {
            throw new InvalidTokenException(Reason.AUDIENCE_MISMATCH,
                    "aud " + audience + " contains none of " + issuer.audience());
        }
        if (issuer.authorizedParty() != null && !issuer.authorizedParty().equals(claims.get("azp"))) {
            throw new InvalidTokenException(Reason.AUTHORIZED_PARTY_MISMATCH, "azp must be " + issuer.authorizedParty());
        }
        if (issuer.tokenType() != null
                && (header.typ() == null || !issuer.tokenType().equals(Issuer.normaliseType(header.typ())))) {
            throw new InvalidTokenException(Reason.TOKEN_TYPE_MISMATCH,
                    "typ must be " + issuer.tokenType() + ", was " + (header.typ() == null ? null : abbreviate(header.typ())));
        }
        for (String required : issuer.requiredClaims()) {
            if (!claims.containsKey(required)) {
                throw new InvalidTokenException(Reason.MISSING_CLAIM, required + " is required");
            }
        }
        return ValidatedToken.of(issuer, claims, audience, exp, nbf, header.typ());
    }

    /**
     * exp and nbf with the skew, against the clock's milliseconds; also applied to cache hits, whose validity ends
     * on its own.
     *
     * @param exp       whole epoch seconds
     * @param nbfMillis epoch milliseconds, rounded up: nbf > now + skew exactly when its milliseconds are
     */
    private void checkTimes(long exp, long nbfMillis, long nowMillis) throws InvalidTokenException {
        long skewMillis = skewSeconds * 1000;
        if (nowMillis - skewMillis >= exp * 1000) {
            throw new InvalidTokenException(Reason.TOKEN_EXPIRED, "token expired at " + Instant.ofEpochSecond(exp));
        }
        if (nbfMillis != Long.MIN_VALUE && nbfMillis > nowMillis + skewMillis) {
            throw new InvalidTokenException(Reason.TOKEN_NOT_YET_VALID, "token is not valid before " + Instant.ofEpochMilli(nbfMillis));
        }
    }

    /**
     * A NumericDate claim in epoch milliseconds, or {@link Long#MIN_VALUE} if absent. A fraction of a millisecond
     * is rounded up ({@code up}: nbf and iat, which must not come sooner than they say) or down (exp, which then
     * comes no later). The clock counts whole milliseconds, so a claim compared with it this way is compared
     * exactly: a claim of now + 30.5 s is 30.5 s ahead, not 30.
     */
    private static long numericDate(Map<String, Object> claims, String name, boolean up) throws InvalidTokenException {
        Object value = claims.get(name);
        if (value == null) {
            if (claims.containsKey(name)) {
                throw new InvalidTokenException(Reason.INVALID_CLAIM, name + " is null");
            }
            return Long.MIN_VALUE;
        }
        // Dates outside years -9999..9999 are refused: they are never real, and "exp 1e308" must not
        // mean "valid forever" (nor overflow the arithmetic and the messages below).
        if (value instanceof Integer || value instanceof Long) {
            long seconds = ((Number) value).longValue();
            if (seconds >= MIN_DATE && seconds <= MAX_DATE) {
                return seconds * 1000;
            }
            throw new InvalidTokenException(Reason.INVALID_CLAIM, name + " is outside the years -9999..9999");
        }
        if (value instanceof Number n) {
            double d = n.doubleValue();
            if (Double.isFinite(d)) {
                if (Math.floor(d) >= MIN_DATE && Math.floor(d) <= MAX_DATE) {
                    BigDecimal millis = new BigDecimal(n.toString()).movePointRight(3);
                    return millis.setScale(0, up ? RoundingMode.CEILING : RoundingMode.FLOOR).longValueExact();
                }
                throw new InvalidTokenException(Reason.INVALID_CLAIM, name + " is outside the years -9999..9999");
            }
        }
        throw new InvalidTokenException(Reason.INVALID_CLAIM, name + " is not a number of seconds");
    }

    private static List<String> audience(Map<String, Object> claims) throws InvalidTokenException {
        Object aud = claims.get("aud");
        if (aud == null && !claims.containsKey("aud")) {
            return List.of();
        }
        if (aud instanceof String s) {
            return List.of(s);
        }
        if (aud instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
            return ValidatedToken.strings(list);
        }
        throw new InvalidTokenException(Reason.INVALID_CLAIM, "aud must be a string or an array of strings");
    }

    private static void requireStringIfPresent(Map<String, Object> claims, String name) throws InvalidTokenException {
        if (claims.containsKey(name) && !(claims.get(name) instanceof String)) {
            throw new InvalidTokenException(Reason.INVALID_CLAIM, name + " must be a string");
        }
    }

    private long nowSeconds() {
        return Math.floorDiv(clock.millis(), 1000L);
    }

    /** Attacker-chosen text goes into messages and logs only in bounded length. */
    private static String abbreviate(String s) {
        return s.length() <= 64 ? s : s.substring(0, 61) + "...";
    }

    /** The issuer's keys lack the token's kid; the caller may refresh them once and retry. */
    private static final class KeyRefreshNeeded extends Exception {
        final transient Issuer issuer;
        final String kid;

        KeyRefreshNeeded(Issuer issuer, String kid) {
            super(null, null, false, false);
            this.issuer = issuer;
            this.kid = kid;
        }
    }
}
