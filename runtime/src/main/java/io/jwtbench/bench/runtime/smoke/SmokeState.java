package io.jwtbench.bench.runtime.smoke;

import java.time.Instant;

/**
 * What the readiness check reports, immutable; only the smoke loop replaces it.
 *
 * @param ready whether the last judged smoke run passed (a re-run in progress keeps the previous result)
 * @param attempts smoke runs judged so far (passed or failed, including runs that could not start)
 * @param runId the run of the bench history that is running or was judged last
 * @param result the last judged run's figures; null before the first one
 * @param reason why not ready: the last failure (every violated threshold), or that no run has passed yet
 * @param activity what the loop does right now (initial delay, preparing the target, waiting for an
 *            operator's run, running, waiting to retry or to re-run); null when it has nothing left to do
 * @param nextAttemptAt when the next attempt starts (retry or re-run); null when none is planned. Not
 *            in the readiness data: anyone may read that, and it would tell when load is coming
 * @param lastRunAt when the last judged attempt ended
 * @param passedAt when the last passing run finished
 */
public record SmokeState(Status status, boolean ready, int attempts, String runId, SmokeResult result,
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
        return new SmokeState(status == Status.RUNNING ? Status.PENDING : status, ready, attempts, runId, result,
                reason, what, null, lastRunAt, passedAt);
    }

    SmokeState waitingFor(String operatorRunId) {
        return doing("waiting for run " + operatorRunId + " to finish (one run at a time)");
    }

    SmokeState running(String id) {
        return new SmokeState(Status.RUNNING, ready, attempts, id, result, reason, "running " + id, null, lastRunAt,
                passedAt);
    }

    SmokeState judged(String id, SmokeResult v, Instant now, Instant next) {
        return judged(id, v, now, next, false);
    }

    /**
     * @param keepReady a failed re-run of a pod that had passed leaves it ready
     *            ({@code quarkus.bench.smoke.rerun-fails-readiness=false}); the next attempt is then a re-run
     */
    SmokeState judged(String id, SmokeResult v, Instant now, Instant next, boolean keepReady) {
        boolean kept = !v.passed() && keepReady;
        return new SmokeState(v.passed() ? Status.PASSED : Status.FAILED, v.passed() || kept, attempts + 1, id, v,
                v.passed() ? null : kept ? RERUN_FAILED + v.reason() : v.reason(),
                next == null ? null : v.passed() || kept ? "waiting to re-run" : "waiting to retry",
                next, now, v.passed() ? now : passedAt);
    }

    static final String RERUN_FAILED = "a re-run failed, readiness kept (quarkus.bench.smoke.rerun-fails-readiness=false): ";

    /** The run could not even start (bad spec, target failure): counts as a failed attempt. */
    SmokeState notStarted(String why, Instant now, Instant next) {
        return notStarted(why, now, next, false);
    }

    SmokeState notStarted(String why, Instant now, Instant next, boolean keepReady) {
        return new SmokeState(Status.FAILED, keepReady, attempts + 1, null, null, keepReady ? RERUN_FAILED + why : why,
                next == null ? null : keepReady ? "waiting to re-run" : "waiting to retry", next, now, passedAt);
    }
}
