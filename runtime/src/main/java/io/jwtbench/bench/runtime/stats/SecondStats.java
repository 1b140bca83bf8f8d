package io.jwtbench.bench.runtime.stats;

/**
 * One point of the time series: the answers completed during one second of measurement (the last
 * point may cover less than a second; {@code rps} accounts for that). Percentiles in ms; NaN when
 * unknown (merged reports cannot merge per-second percentiles).
 */
public record SecondStats(int second, long requests, double rps, double p50, double p90, double p99, long errors) {

    public SecondStats plus(SecondStats o) {
        return new SecondStats(second, requests + o.requests, rps + o.rps, Double.NaN, Double.NaN, Double.NaN,
                errors + o.errors);
    }
}
