package io.jwtbench.bench.runtime.engine;

import io.jwtbench.bench.runtime.stats.LatencyRecording;
import io.jwtbench.bench.runtime.stats.Tally;

/**
 * Where the drivers file outcomes during a run. The latency recordings last the whole run (the
 * orchestrator drains them every second); the tally is swapped at the end of warm-up so warm-up
 * counts never reach the results.
 */
final class Measurement {
    /** Closed model: latency from the actual send. Open model: from the intended send (corrected). */
    final LatencyRecording latency = new LatencyRecording();
    /** Open model only: latency from the actual send, as a tool without correction would report. */
    final LatencyRecording uncorrected;
    private volatile Tally tally = new Tally();

    Measurement(boolean openModel) {
        this.uncorrected = openModel ? new LatencyRecording() : null;
    }

    Tally tally() {
        return tally;
    }

    /** Starts counting afresh; returns the counters of the phase that ended. */
    Tally newPhase() {
        Tally ended = tally;
        tally = new Tally();
        return ended;
    }
}
