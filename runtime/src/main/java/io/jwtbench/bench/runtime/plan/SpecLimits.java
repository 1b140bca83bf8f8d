package io.jwtbench.bench.runtime.plan;

import java.time.Duration;

import io.jwtbench.bench.runtime.BenchConfig;

/** Caps and defaults applied to run specs (from config; a plain value so validation is testable). */
public record SpecLimits(int maxConnections, Duration maxDuration, int maxRate, Duration defaultTimeout,
        int defaultOpenConnections, Duration autoWarmupMax) {

    /** The histogram tracks up to 60s: a longer timeout could not be recorded. */
    public static final Duration MAX_TIMEOUT = Duration.ofSeconds(60);

    /** The default bound of {@code "warmup": "auto"} ({@code quarkus.bench.steady.auto-warmup-max}). */
    public static final Duration DEFAULT_AUTO_WARMUP_MAX = Duration.ofSeconds(30);

    public SpecLimits(int maxConnections, Duration maxDuration, int maxRate, Duration defaultTimeout,
            int defaultOpenConnections) {
        this(maxConnections, maxDuration, maxRate, defaultTimeout, defaultOpenConnections, DEFAULT_AUTO_WARMUP_MAX);
    }

    public static SpecLimits of(BenchConfig config) {
        return new SpecLimits(config.maxConnections(), config.maxDuration(), config.maxRate(), config.requestTimeout(),
                config.openConnections(), config.steady().autoWarmupMax());
    }
}
