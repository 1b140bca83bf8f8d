package io.jwtbench.bench.runtime.stats;

/** Live view of a run that is not finished: refreshed once a second by the orchestrator. */
public record Progress(String phase, double elapsedSeconds, long requests, double currentRps, double lastSecondP50,
        double lastSecondP99) {
}
