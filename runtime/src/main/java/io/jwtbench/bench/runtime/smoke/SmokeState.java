package io.jwtbench.bench.runtime.smoke;

import java.time.Instant;

/**
 * What the readiness check reports, immutable; only the smoke loop replaces it.
 *
 * @param ready whether the last judged smoke run passed (a re-run in progress keeps the previous verdict)
 * @param attempts smoke runs judged so far (passed or failed, including runs that could not start)
 * @param runId the run of the bench history that is running or was judged last
 * @param verdict the last judged run's figures; null before the first one
 * @param reason why not ready: the last failure (every violated threshold), or that no run has passed yet
 * @param activity what the loop does right now (initial delay, preparing the target, waiting for an
 *            operator's run, running, waiting to retry or to re-run); null when it has nothing left to do
 * @param nextAttemptAt when the next attempt starts (retry or re-run); null when none is planned
 * @param lastRunAt when the last judged attempt ended
 * @param passedAt when the last passing run finished
 */
public record SmokeState(Status status, boolean ready, int attempts, String runId, SmokeVerdict verdict,
        String reason, String activity, Instant nextAttemptAt, Instant lastRunAt, Instant passedAt) {

    public enum Status {
        /** {@code quarkus.bench.smoke.enabled=false} (or the bench is disabled): the check is UP. */
        DISABLED,
        /** Before the first run: initial delay, preparing the target, or waiting for an operator's run. */
        PENDING,
        /** A smoke run is in progress. */
        RUNNING,
        /** The last judged run passed every threshold. */
        PASSED,
        /** The last judged attempt failed (see reason); another one is planned with back-off. */
        FAILED
    }

    static final String NOT_YET = "no smoke run has passed yet";

    static SmokeState disabled(String reason) {
        return new SmokeState(Status.DISABLED, true, 0, null, null, reason, null, null, null, null);
    }

    static SmokeState pending(String activity, Instant nextAttemptAt) {
        return new SmokeState(Status.PENDING, false, 0, null, null, NOT_YET, activity, nextAttemptAt, null, null);
    }

    /** The loop is busy before a run starts (the status stays, except RUNNING, which cannot be true yet). */
    SmokeState doing(String what) {
        return new SmokeState(status == Status.RUNNING ? Status.PENDING : status, ready, attempts, runId, verdict,
                reason, what, null, lastRunAt, passedAt);
    }

    SmokeState waitingFor(String operatorRunId) {
        return doing("waiting for run " + operatorRunId + " to finish (one run at a time)");
    }

    SmokeState running(String id) {
        return new SmokeState(Status.RUNNING, ready, attempts, id, verdict, reason, "running " + id, null, lastRunAt,
                passedAt);
    }

    SmokeState judged(String id, SmokeVerdict v, Instant now, Instant next) {
        return new SmokeState(v.passed() ? Status.PASSED : Status.FAILED, v.passed(), attempts + 1, id, v,
                v.passed() ? null : v.reason(), next == null ? null : v.passed() ? "waiting to re-run" : "waiting to retry",
                next, now, v.passed() ? now : passedAt);
    }

    /** The run could not even start (bad spec, target failure): counts as a failed attempt. */
    SmokeState notStarted(String why, Instant now, Instant next) {
        return new SmokeState(Status.FAILED, false, attempts + 1, null, null, why,
                next == null ? null : "waiting to retry", next, now, passedAt);
    }
}
