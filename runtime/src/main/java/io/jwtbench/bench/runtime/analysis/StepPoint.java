package io.jwtbench.bench.runtime.analysis;

import io.jwtbench.bench.runtime.plan.Percentile;

/**
 * One step of a sweep as the analysis sees it. Latencies in ms; NaN when unknown.
 *
 * @param load the step's connections (closed model) or offered rate (open model)
 * @param concurrency requests in flight: the connections (closed), or throughput × mean latency (open, Little's law)
 * @param throughput completed requests per second
 * @param cpuCores mean process CPU during the step, in cores (1.0 = one core busy); NaN when not measured
 * @param hostCpu mean CPU use of the whole machine during the step, 0..1; NaN when not measured
 */
public record StepPoint(double load, double concurrency, double throughput, double p50, double p90, double p99,
        double meanMs, double cpuCores, double hostCpu, long requests, long errors) {

    public StepPoint(double load, double concurrency, double throughput, double p50, double p90, double p99,
            double meanMs, double cpuCores, long requests, long errors) {
        this(load, concurrency, throughput, p50, p90, p99, meanMs, cpuCores, Double.NaN, requests, errors);
    }

    /** Errors over everything attempted. */
    public double errorRatio() {
        long attempted = requests + errors;
        return attempted == 0 ? 0 : errors / (double) attempted;
    }

    /** One of the figures a step keeps: p50, p90 or p99. */
    public double percentile(Percentile p) {
        return switch (p) {
            case P50 -> p50;
            case P90 -> p90;
            case P99 -> p99;
            default -> throw new IllegalArgumentException("a step keeps p50, p90 and p99, not " + p);
        };
    }
}
