package io.jwtbench.bench.runtime.stats;

import java.util.EnumSet;
import java.util.Set;

/**
 * The life of a run, the only state machine of the bench:
 *
 * <pre>
 * QUEUED ──▶ WARMUP ──▶ RUNNING ──▶ DONE
 *    │          │          │
 *    └──────────┴──────────┴──▶ CANCELLED | FAILED
 * </pre>
 *
 * (QUEUED goes straight to RUNNING when there is no warm-up.) Only the run's own orchestrating
 * thread moves it; cancel() merely asks.
 */
public enum RunStatus {
    QUEUED,
    WARMUP,
    RUNNING,
    DONE,
    FAILED,
    CANCELLED;

    public boolean isTerminal() {
        return this == DONE || this == FAILED || this == CANCELLED;
    }

    public boolean canMoveTo(RunStatus next) {
        return allowedNext().contains(next);
    }

    private Set<RunStatus> allowedNext() {
        return switch (this) {
            case QUEUED -> EnumSet.of(WARMUP, RUNNING, CANCELLED, FAILED);
            case WARMUP -> EnumSet.of(RUNNING, CANCELLED, FAILED);
            case RUNNING -> EnumSet.of(DONE, CANCELLED, FAILED);
            case DONE, FAILED, CANCELLED -> EnumSet.noneOf(RunStatus.class);
        };
    }
}
