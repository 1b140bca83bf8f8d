package io.jwtbench.bench.runtime.stats;

import org.HdrHistogram.WriterReaderPhaser;


/**
 * Where the drivers file outcomes during a run, one {@link Phase} at a time (warm-up, then
 * measurement, then nothing). Switching phases goes through a {@link WriterReaderPhaser} (the
 * mechanism HdrHistogram's Recorder is built on): a response is filed entirely in one phase, so a
 * phase's histogram count and its counters agree exactly, and warm-up never leaks into results.
 * Writers stay wait-free.
 */
public final class Measurement {
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private volatile Phase current;

    /** Latencies and counters of one phase. */
    public static final class Phase {
        /** From the intended send when requests have a schedule (corrected), else from the actual send. */
        public final LatencyRecording latency = new LatencyRecording();
        /** Scheduled requests only: from the actual send, as a tool without correction would report. */
        public final LatencyRecording uncorrected = new LatencyRecording();
        public final Tally tally = new Tally();
        /** Open model: how late each request left against its intended time (the generator's own lag). */
        public final LatencyRecording scheduleLag = new LatencyRecording();

        private Phase() {
        }
    }

    /** The first TLS handshake's outcome, whatever the phase: every connection of a run negotiates the same. */
    private volatile Tally.Negotiated negotiated;

    /** A TLS handshake completed with {@code what}; the first one is kept. */
    public void negotiated(Tally.Negotiated what) {
        if (negotiated == null) {
            negotiated = what;
        }
    }

    /** Null until a TLS handshake completed (and in a plain run). */
    public Tally.Negotiated negotiated() {
        return negotiated;
    }

    public Measurement() {
        this.current = new Phase();
    }

    /** The phase being filed, null once closed. */
    public Phase current() {
        return current;
    }

    /** The answer to a request sent without a schedule (closed model): latency from the actual send. */
    public void response(long latencyNanos, int status, boolean expectRejection, long bytes) {
        long critical = phaser.writerCriticalSectionEnter();
        try {
            Phase p = current;
            if (p != null) {
                p.latency.recordNanos(latencyNanos);
                p.tally.response(status, expectRejection, bytes);
            }
        } finally {
            phaser.writerCriticalSectionExit(critical);
        }
    }

    /** The answer to a scheduled request: corrected latency from its intended send, uncorrected from the actual one. */
    public void scheduledResponse(long latencyNanos, long uncorrectedNanos, int status, boolean expectRejection,
            long bytes) {
        long critical = phaser.writerCriticalSectionEnter();
        try {
            Phase p = current;
            if (p != null) {
                p.latency.recordNanos(latencyNanos);
                p.uncorrected.recordNanos(uncorrectedNanos);
                p.tally.response(status, expectRejection, bytes);
            }
        } finally {
            phaser.writerCriticalSectionExit(critical);
        }
    }

    /**
     * A scheduled request that was due inside the measured window but never left: filed in the
     * corrected latency with {@code latencyNanos} from its intended time to the window's close (a lower
     * bound), and counted; it has no uncorrected latency.
     */
    public void unsent(long latencyNanos) {
        long critical = phaser.writerCriticalSectionEnter();
        try {
            Phase p = current;
            if (p != null) {
                p.latency.recordNanos(latencyNanos);
                p.tally.countUnsent();
            }
        } finally {
            phaser.writerCriticalSectionExit(critical);
        }
    }

    /**
     * A scheduled request leaves {@code lagNanos} after its intended time; {@code late} beyond the
     * driver's tolerance. Not tied to an answer, so no phase exactness needed; allocates nothing.
     */
    public void scheduled(long lagNanos, boolean late) {
        Phase p = current;
        if (p != null) {
            p.tally.scheduled(lagNanos, late);
            p.scheduleLag.recordNanos(lagNanos);
        }
    }

    /**
     * A scheduled request that got no answer within its timeout: counted as a timeout and filed in the
     * corrected latency with {@code latencyNanos} from its intended time to its expiry (a lower bound, as
     * for {@link #unsent}), so a server that stops answering shows in the percentiles, not only in the
     * error count. It has no uncorrected latency.
     */
    public void scheduledTimeout(long latencyNanos) {
        long critical = phaser.writerCriticalSectionEnter();
        try {
            Phase p = current;
            if (p != null) {
                p.latency.recordNanos(latencyNanos);
                p.tally.failure(Tally.Failure.TIMEOUT);
            }
        } finally {
            phaser.writerCriticalSectionExit(critical);
        }
    }

    public void failure(Tally.Failure failure) {
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

    /** Scheduling facts of scheduled requests; not tied to an answer, so no phase exactness needed. */
    public Tally tally() {
        Phase p = current;
        return p != null ? p.tally : null;
    }

    /** Starts a new phase; returns the ended one, which no writer touches any more. */
    public Phase nextPhase() {
        return swap(new Phase());
    }

    /** Nothing is filed after this; returns the last phase, quiescent. */
    public Phase close() {
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
