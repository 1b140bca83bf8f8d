package io.jwtbench.bench.runtime.fleet;

import io.jwtbench.bench.runtime.stats.RunStatus;

/**
 * Where one pod of a fleet run is: {@code STARTING}, then {@code RUNNING}, then its run's own end
 * ({@code DONE}, {@code FAILED}, {@code CANCELLED}), or {@code REFUSED} (the pod answered the start with an
 * error: busy, forbidden, bad spec) or {@code UNREACHABLE} (no answer).
 */
public enum PodState {
    STARTING, RUNNING, DONE, FAILED, CANCELLED, REFUSED, UNREACHABLE;

    /** The pod's run ended with {@code status}. */
    static PodState of(RunStatus status) {
        return switch (status) {
            case DONE -> DONE;
            case CANCELLED -> CANCELLED;
            default -> FAILED;
        };
    }
}
