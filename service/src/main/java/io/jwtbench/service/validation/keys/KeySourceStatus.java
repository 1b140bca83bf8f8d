package io.jwtbench.service.validation.keys;

import java.time.Instant;

/**
 * Readiness/health view of a {@link KeySource}.
 *
 * @param origin      e.g. "file:/etc/jwks.json", "url:https://..", "discovery:https://..", "inline"
 * @param usable      the current key set is non-empty
 * @param keyCount    number of keys in the current set
 * @param lastSuccess last successful load, nullable
 * @param lastError   why the last load failed; null once a load succeeds again
 * @param lastAttempt last load attempt (start), nullable
 */
public record KeySourceStatus(String origin, boolean usable, int keyCount, Instant lastSuccess, String lastError,
        Instant lastAttempt) {
}
