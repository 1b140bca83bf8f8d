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
    SmokeConfig smoke();

    /** Per-request breakdown and JVM facts from JFR (runs with {@code "breakdown": true}, the default). */
    Breakdown breakdown();

    /** Raw JFR recordings kept for runs with {@code "jfr": true}. */
    Jfr jfr();

    /** The pods a fleet run ({@code POST /q/bench/fleet}) starts on ({@code quarkus.bench.fleet.*}). */
    FleetConfig fleet();

    interface Breakdown {
        /** Contended monitor enters and thread parks at least this long are reported in the {@code jvm} section. */
        @WithDefault("10ms")
        Duration lockThreshold();

        /** How many of the most frequent stacks (pinned virtual threads, contention) are reported. */
        @WithDefault("5")
        int topStacks();
    }

    interface Jfr {
        /** Upper bound of one run's .jfr file; older data is dropped first when a run records more. */
        @WithDefault("50M")
        io.quarkus.runtime.configuration.MemorySize maxSize();

        /** Where the .jfr files are kept; default: a {@code jwt-bench-jfr} directory in {@code java.io.tmpdir}. */
        java.util.Optional<String> directory();
    }
}
