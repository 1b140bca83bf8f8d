package io.jwtbench.service.validation.keys;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings for remote (url/discovery) key sources.
 *
 * @param refreshInterval    scheduled refresh period (default 10m)
 * @param minRefreshInterval minimum time between two fetches; unknown-kid refreshes coalesce (default 5s)
 * @param timeout            per-request timeout, covering headers and body (default 5s)
 * @param maxBytes           largest accepted response body (default 1 MiB)
 */
public record RemoteSettings(Duration refreshInterval, Duration minRefreshInterval, Duration timeout, long maxBytes) {

    public static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofMinutes(10);
    public static final Duration DEFAULT_MIN_REFRESH_INTERVAL = Duration.ofSeconds(5);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    public static final long DEFAULT_MAX_BYTES = 1024 * 1024;

    public RemoteSettings {
        requirePositive(refreshInterval, "refreshInterval");
        Objects.requireNonNull(minRefreshInterval, "minRefreshInterval");
        if (minRefreshInterval.isNegative()) {
            throw new IllegalArgumentException("minRefreshInterval must not be negative");
        }
        requirePositive(timeout, "timeout");
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive");
        }
    }

    /** All defaults. */
    public static RemoteSettings defaults() {
        return new RemoteSettings(DEFAULT_REFRESH_INTERVAL, DEFAULT_MIN_REFRESH_INTERVAL, DEFAULT_TIMEOUT,
                DEFAULT_MAX_BYTES);
    }

    private static void requirePositive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
