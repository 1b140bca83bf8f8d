package io.jwtbench.bench.runtime.fleet;

import java.net.URI;

import io.jwtbench.bench.runtime.stats.Progress;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * One pod of a fleet run.
 *
 * @param state where the pod is
 * @param runId the run's id on that pod, once started
 * @param report the pod's final report, once it ended
 * @param error why it is not DONE
 * @param progress while RUNNING, the pod's own last progress figures (as its run reported them at the
 *            coordinator's last poll); null before and after
 * @param errors while RUNNING, the pod's errors so far
 */
public record PodResult(URI pod, PodState state, String runId, RunReport report, String error, Progress progress,
        long errors) {
    PodResult(URI pod, PodState state, String runId, RunReport report, String error) {
        this(pod, state, runId, report, error, null, 0);
    }

    public boolean done() {
        return state == PodState.DONE && report != null && report.measured() != null && report.latency() != null;
    }

    PodResult with(PodState newState, RunReport newReport, String newError) {
        return new PodResult(pod, newState, runId, newReport, newError);
    }

    /** Still running, with what it reported at this poll. */
    PodResult live(Progress newProgress, long newErrors) {
        return new PodResult(pod, state, runId, report, error, newProgress, newErrors);
    }
}
