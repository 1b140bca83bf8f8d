package io.jwtbench.service.validation.keys;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings for remote (url/discovery) key sources.
 *
 * @param refreshInterval    scheduled refresh period (default 10m)
 * @param minRefreshInterval minimum time between two fetches; unknown-kid refreshes coalesce (default 5s); above zero
 * @param timeout            per-request timeout, covering headers and body (default 5s)
 * @param maxBytes           largest accepted response body (default 1 MiB)
 * @param unknownKidTtl      longest time a kid a fetch did not find is answered without a new fetch (default 30s);
 *                           in practice until the next fetch is permitted (minRefreshInterval after that fetch)
 * @param maxWaiting         most requests waiting for an unknown-kid fetch at once (default 256)
 * @param allowInsecureHttp  development only: accept http:// URLs (default false: https only)
 */
public record RemoteSettings(Duration refreshInterval, Duration minRefreshInterval, Duration timeout, long maxBytes,
        Duration unknownKidTtl, int maxWaiting, boolean allowInsecureHttp) {

    public static final Duration DEFAULT_REFRESH_INTERVAL = Duration.ofMinutes(10);
    public static final Duration DEFAULT_MIN_REFRESH_INTERVAL = Duration.ofSeconds(5);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    public static final long DEFAULT_MAX_BYTES = 1024 * 1024;
    public static final Duration DEFAULT_UNKNOWN_KID_TTL = Duration.ofSeconds(30);
    public static final int DEFAULT_MAX_WAITING = 256;

    public RemoteSettings {
        requirePositive(refreshInterval, "refreshInterval");
        requirePositive(minRefreshInterval, "minRefreshInterval");
        requirePositive(timeout, "timeout");
        requirePositive(unknownKidTtl, "unknownKidTtl");
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive");
        }
        if (maxWaiting < 1) {
            throw new IllegalArgumentException("maxWaiting must be at least 1");
        }
    }

    /** HTTPS only, defaults for the negative cache and the waiting cap. */
    public RemoteSettings(Duration refreshInterval, Duration minRefreshInterval, Duration timeout, long maxBytes) {
        this(refreshInterval, minRefreshInterval, timeout, maxBytes, DEFAULT_UNKNOWN_KID_TTL, DEFAULT_MAX_WAITING, false);
    }

    /** All defaults. */
    public static RemoteSettings defaults() {
        return new RemoteSettings(DEFAULT_REFRESH_INTERVAL, DEFAULT_MIN_REFRESH_INTERVAL, DEFAULT_TIMEOUT,
                DEFAULT_MAX_BYTES);
    }

    /** The same settings with http:// allowed (development and tests against a plain local server). */
    public RemoteSettings allowingInsecureHttp() {
        return new RemoteSettings(refreshInterval, minRefreshInterval, timeout, maxBytes, unknownKidTtl, maxWaiting, true);
    }

    public RemoteSettings withUnknownKidTtl(Duration ttl) {
        return new RemoteSettings(refreshInterval, minRefreshInterval, timeout, maxBytes, ttl, maxWaiting, allowInsecureHttp);
    }

    public RemoteSettings withMaxWaiting(int max) {
        return new RemoteSettings(refreshInterval, minRefreshInterval, timeout, maxBytes, unknownKidTtl, max, allowInsecureHttp);
    }

    private static void requirePositive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
