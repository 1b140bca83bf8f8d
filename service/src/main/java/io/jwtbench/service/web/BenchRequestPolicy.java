package io.jwtbench.service.web;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.Map;

import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.Reason;
import io.jwtbench.service.validation.ValidationMetrics;
import io.jwtbench.service.validation.ValidatedToken;
import jakarta.inject.Singleton;

/**
 * What the bench's own requests may do at {@code /jwt/validate} that a stranger's may not. It lives at
 * the web layer because it is about who sends a request: the validator knows tokens, not callers.
 * <ul>
 * <li>Tokens of a guarded issuer (the bench's in-memory one) are answered as valid only on a request
 * carrying that issuer's per-process secret in {@value #SECRET_HEADER}: a gateway that uses
 * {@code /jwt/validate} as its authentication check must not accept them.</li>
 * <li>{@value #CACHE_HEADER}{@code : }{@value #BYPASS} skips the token cache, and only with such a
 * secret: a stranger cannot make every request pay for a signature check.</li>
 * <li>So is the {@link SlowdownInjector}'s header.</li>
 * </ul>
 */
@Singleton
public class BenchRequestPolicy {
    /** The request header that carries a guarded issuer's secret (the bench's jwt target adds it). */
    public static final String SECRET_HEADER = "X-Jwt-Bench-Secret";
    /** With {@link #BYPASS} and a guarded issuer's secret: validate without the token cache. */
    public static final String CACHE_HEADER = "X-Jwt-Bench-Cache";
    public static final String BYPASS = "bypass";

    /** Issuer name → its secret; copied on write (one write per process, at start-up), read on every answer. */
    private volatile Map<String, byte[]> secrets = Map.of();

    /** From now on, tokens of the issuer named {@code issuerName} are valid here only with {@code secret}. */
    public synchronized void guard(String issuerName, String secret) {
        Map<String, byte[]> copy = new HashMap<>(secrets);
        copy.put(issuerName, secret.getBytes(StandardCharsets.US_ASCII));
        secrets = Map.copyOf(copy);
    }

    /** Whether the request asks to skip the token cache and may (it carries a guarded issuer's secret). */
    public boolean bypassesCache(String presentedSecret, String cacheDirective) {
        return BYPASS.equals(cacheDirective) && fromBench(presentedSecret);
    }

    /**
     * Whose request it is, for the metrics: the bench's own when it carries a guarded issuer's secret in
     * {@value #SECRET_HEADER} (only the bench's targets know one), anyone else's otherwise. A wrong secret is
     * live traffic: a stranger cannot hide requests among the bench's.
     *
     * @param presentedSecret the request's {@value #SECRET_HEADER} header, or null
     */
    public ValidationMetrics.Traffic traffic(String presentedSecret) {
        return fromBench(presentedSecret) ? ValidationMetrics.Traffic.BENCH : ValidationMetrics.Traffic.LIVE;
    }

    /** Whether the request carries a guarded issuer's secret: it is the bench's own. */
    boolean fromBench(String presentedSecret) {
        if (presentedSecret == null) {
            return false;
        }
        byte[] given = presentedSecret.getBytes(StandardCharsets.US_ASCII);
        boolean found = false;
        for (byte[] secret : secrets.values()) {
            found |= MessageDigest.isEqual(secret, given); // constant time per secret
        }
        return found;
    }

    /** Null if {@code token} may be answered as valid on a request that presented {@code presentedSecret}. */
    public InvalidTokenException refusal(ValidatedToken token, String presentedSecret) {
        byte[] expected = secrets.get(token.issuerName());
        if (expected == null
                || presentedSecret != null && MessageDigest.isEqual(expected, presentedSecret.getBytes(StandardCharsets.US_ASCII))) {
            return null;
        }
        return new InvalidTokenException(Reason.ISSUER_UNKNOWN, "tokens of the bench issuer are only valid on the bench's own requests");
    }
}
