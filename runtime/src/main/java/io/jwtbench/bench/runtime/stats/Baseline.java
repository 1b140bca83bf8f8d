package io.jwtbench.bench.runtime.stats;

/**
 * What a run is held against: an earlier run's report and how far a metric may move before it counts
 * ({@link Regression}).
 *
 * @param tolerancePercent a change within it is not slower or faster; one whose whole interval lies within it is no
 *                         significant difference
 */
public record Baseline(RunReport report, double tolerancePercent) {
}
