package io.jwtbench.bench.runtime.engine;

import org.HdrHistogram.WriterReaderPhaser;

import io.jwtbench.bench.runtime.stats.LatencyRecording;
import io.jwtbench.bench.runtime.stats.Tally;

/**
 * Where the drivers file outcomes during a run, one {@link Phase} at a time (warm-up, then
 * measurement, then nothing). Switching phases goes through a {@link WriterReaderPhaser} (the
 * mechanism HdrHistogram's Recorder is built on): a response is filed entirely in one phase, so a
 * phase's histogram count and its counters agree exactly, and warm-up never leaks into results.
 * Writers stay wait-free.
 */
final class Measurement {
    private final boolean openModel;
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private volatile Phase current;

    /** Latencies and counters of one phase. */
    static final class Phase {
        /** Closed model: from the actual send. Open model: from the intended send (corrected). */
        final LatencyRecording latency = new LatencyRecording();
        /** Open model only: from the actual send, as a tool without correction would report. */
        final LatencyRecording uncorrected;
        final Tally tally = new Tally();

        private Phase(boolean openModel) {
            uncorrected = openModel ? new LatencyRecording() : null;
        }
    }

    Measurement(boolean openModel) {
        this.openModel = openModel;
        this.current = new Phase(openModel);
    }

    /** The phase being filed, null once closed. */
    Phase current() {
        return current;
    }

    /** An answer arrived. @param uncorrectedNanos ignored in the closed model */
    void response(long latencyNanos, long uncorrectedNanos, int status, boolean expectRejection, long bytes) {
        long critical = phaser.writerCriticalSectionEnter();
        try {
            Phase p = current;
            if (p != null) {
                p.latency.recordNanos(latencyNanos);
                if (p.uncorrected != null) {
                    p.uncorrected.recordNanos(uncorrectedNanos);
                }
                p.tally.response(status, expectRejection, bytes);
            }
        } finally {
            phaser.writerCriticalSectionExit(critical);
        }
    }

    void failure(Tally.Failure failure) {
        long critical = phaser.writerCriticalSectionEnter();
        try {
            Phase p = current;
            if (p != null) {
                p.tally.failure(failure);
            }
        } finally {
            phaser.writerCriticalSectionExit(critical);
        }
    }

    /** Scheduling facts of the open model; not tied to an answer, so no phase exactness needed. */
    Tally tally() {
        Phase p = current;
        return p != null ? p.tally : null;
    }

    /** Starts a new phase; returns the ended one, which no writer touches any more. */
    Phase nextPhase() {
        return swap(new Phase(openModel));
    }

    /** Nothing is filed after this; returns the last phase, quiescent. */
    Phase close() {
        return swap(null);
    }

    private Phase swap(Phase next) {
        phaser.readerLock();
        try {
            Phase ended = current;
            current = next;
            phaser.flipPhase(); // waits for writers that may still hold the ended phase
            return ended;
        } finally {
            phaser.readerUnlock();
        }
    }
}
