package io.jwtbench.bench.runtime.stats;

/**
 * What a run is held against: an earlier run's report and how far a metric may move before it counts
 * ({@link Regression}).
 *
 * @param tolerancePercent a change within it is no significant difference, whatever its interval
 */
public record Baseline(RunReport report, double tolerancePercent) {
}
