package io.jwtbench.bench.runtime.engine;

/** Only one run at a time: a start while another run is not finished is refused. */
public class RunInProgressException extends RuntimeException {
    private final String runningId;

    public RunInProgressException(String runningId) {
        super("run in progress: " + runningId);
        this.runningId = runningId;
    }

    public String runningId() {
        return runningId;
    }
}
