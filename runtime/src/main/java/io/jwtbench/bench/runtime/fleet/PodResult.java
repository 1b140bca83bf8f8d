package io.jwtbench.bench.runtime.fleet;

import java.net.URI;

import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * One pod of a fleet run.
 *
 * @param state {@code STARTING}, then {@code RUNNING}, then the run's own end ({@code DONE},
 *            {@code FAILED}, {@code CANCELLED}), or {@code REFUSED} (the pod answered the start with
 *            an error: busy, forbidden, bad spec) or {@code UNREACHABLE} (no answer)
 * @param runId the run's id on that pod, once started
 * @param report the pod's final report, once it ended
 * @param error why it is not DONE
 */
public record PodResult(URI pod, String state, String runId, RunReport report, String error) {
    public static final String DONE = "DONE";

    public boolean done() {
        return DONE.equals(state) && report != null && report.measured() != null && report.latency() != null;
    }

    PodResult with(String newState, RunReport newReport, String newError) {
        return new PodResult(pod, newState, runId, newReport, newError);
    }
}
