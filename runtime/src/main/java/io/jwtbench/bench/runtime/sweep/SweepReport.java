package io.jwtbench.bench.runtime.sweep;

import java.time.Instant;
import java.util.List;

import io.jwtbench.bench.runtime.analysis.SweepAnalysis;
import io.jwtbench.bench.runtime.plan.SweepSpec;
import io.jwtbench.bench.runtime.stats.RunStatus;

/**
 * Everything known about a sweep at one moment, immutable. Status: RUNNING, then DONE, CANCELLED or
 * FAILED, as its run series' (a sweep has no WARMUP of its own; its steps do).
 *
 * @param steps finished steps, then the running one (its report live) if any
 * @param analysis over the finished DONE steps; null until two of them exist
 */
public record SweepReport(String id, RunStatus status, SweepSpec spec, Instant startedAt, Instant finishedAt,
        List<SweepStep> steps, SweepAnalysis analysis, String error) {

    public SweepReport {
        steps = List.copyOf(steps);
    }
}
