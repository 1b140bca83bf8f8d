package io.jwtbench.bench.runtime;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import io.smallrye.config.WithDefault;

/**
 * {@code quarkus.bench.smoke.*}: the smoke bench run at start-up, whose verdict is the readiness
 * check {@code bench-smoke}. Off by default: an application turns it on (typically only in its
 * {@code %prod} profile, so that tests never find a run in progress).
 */
public interface SmokeConfig {
    /**
     * Run a smoke bench at start-up and report it in the readiness check {@code bench-smoke}. When
     * false the check is UP with status DISABLED and no run is ever started.
     */
    @WithDefault("false")
    boolean enabled();

    /** The target to load (a {@code BenchTarget} name). */
    @WithDefault("health")
    String target();

    /** Closed model: connections, each with one request in flight. Open model: the pool size. */
    @WithDefault("4")
    int connections();

    /** Requests per second; when given the smoke run uses the open model (coordinated-omission corrected). */
    OptionalInt rate();

    /** Measured phase of the smoke run. */
    @WithDefault("5s")
    Duration duration();

    /**
     * Warm-up before measurement (not judged): what warms the JIT before real traffic arrives. {@code auto}
     * (default): until the JIT is quiet and throughput stable, at most {@code quarkus.bench.steady.auto-warmup-max};
     * or a duration such as {@code 2s}.
     */
    @WithDefault("auto")
    String warmup();

    /** Target options, as in a run spec ({@code quarkus.bench.smoke.options.tokens=1000}); numbers and booleans are converted. */
    Map<String, String> options();

    /** The run fails when its (corrected) p99 latency is above this. */
    @WithDefault("100ms")
    Duration maxP99();

    /**
     * The run fails when more than this share of its requests failed: connect/timeout/reset errors,
     * unexpected 4xx, 5xx, and deliberately bad requests that were accepted.
     */
    @WithDefault("0.01")
    double maxErrorRate();

    /** The run fails when its measured throughput (requests per second) is below this. 0: not checked. */
    @WithDefault("0")
    double minRps();

    /** Wait after start-up before the first smoke run. */
    @WithDefault("0s")
    Duration initialDelay();

    /** Wait after the first failed smoke run before the next attempt; doubled after each failure. */
    @WithDefault("2s")
    Duration retryBackoff();

    /** Upper bound of the back-off between failed attempts. */
    @WithDefault("1m")
    Duration retryMaxBackoff();

    /**
     * Once passed, run the smoke bench again about every this long ({@link #rerunJitter()}). A re-run
     * loads the pod under live traffic; what a failed one does to readiness: {@link #rerunFailsReadiness()}.
     * Not set: run until the first pass only.
     */
    Optional<Duration> rerunInterval();

    /**
     * Each wait before a re-run is {@code rerun-interval} times a random factor in
     * {@code [1 - jitter, 1 + jitter]}, so that the moment of the next one cannot be predicted from the
     * last. Between 0 and 0.9.
     */
    @WithDefault("0.2")
    double rerunJitter();

    /**
     * Whether a failed re-run takes a pod that had passed out of service (DOWN, then retried with
     * back-off). Off: the check stays UP, its data says the re-run failed, and the next re-run comes
     * after the ordinary (jittered) interval.
     */
    @WithDefault("false")
    boolean rerunFailsReadiness();
}
