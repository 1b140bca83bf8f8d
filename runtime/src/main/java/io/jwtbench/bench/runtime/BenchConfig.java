package io.jwtbench.bench.runtime;

import java.time.Duration;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Run-time knobs of the bench. */
@ConfigMapping(prefix = "quarkus.bench")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface BenchConfig {
    /**
     * Whether the bench endpoints accept requests. When false the routes stay registered (they are
     * build-time) but answer exactly like an absent route (404), and no generator is ever created.
     */
    @WithDefault("true")
    boolean enabled();

    /** How many runs (finished or not) are remembered; the oldest is forgotten first. */
    @WithDefault("20")
    int historySize();

    /** Upper bound for {@code connections} in a run spec. */
    @WithDefault("1000")
    int maxConnections();

    /** Upper bound for {@code duration} and {@code warmup} in a run spec. */
    @WithDefault("10m")
    Duration maxDuration();

    /** Upper bound for {@code rate} (requests per second) in a run spec. */
    @WithDefault("200000")
    int maxRate();

    /** Request timeout when the run spec gives no {@code timeout}; at most 60s (the histogram's range). */
    @WithDefault("10s")
    Duration requestTimeout();

    /** Event loops of the generator's own Vert.x instance. */
    @WithDefault("1")
    int eventLoops();

    /** Connection pool size of an open-model run that gives no {@code connections}. */
    @WithDefault("64")
    int openConnections();

    /** The start-up smoke bench and its readiness check ({@code quarkus.bench.smoke.*}). */
    io.jwtbench.bench.runtime.health.SmokeConfig smoke();
}
