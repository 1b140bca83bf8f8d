package io.jwtbench.bench.runtime.stats;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters of one phase (warm-up or measurement), bumped from the generator's event loops.
 * LongAdders: no contention between event loops, read once a second by the orchestrator.
 */
public final class Tally {
    public enum Failure {
        CONNECT,
        TIMEOUT,
        RESET
    }

    private final LongAdder responses = new LongAdder();
    private final LongAdder connect = new LongAdder();
    private final LongAdder timeout = new LongAdder();
    private final LongAdder reset = new LongAdder();
    private final LongAdder status4xx = new LongAdder();
    private final LongAdder status5xx = new LongAdder();
    private final LongAdder expectedRejections = new LongAdder();
    private final LongAdder unexpectedSuccesses = new LongAdder();
    private final LongAdder bytesRead = new LongAdder();
    private final LongAdder lateStarts = new LongAdder();
    private final LongAdder sends = new LongAdder();
    private final LongAdder scheduleLagNanos = new LongAdder();
    private final LongAccumulator maxScheduleLagNanos = new LongAccumulator(Math::max, 0);
    private final LongAdder connectionWaitNanos = new LongAdder();
    private final LongAdder inFlightAtStop = new LongAdder();
    private final LongAdder unsentAtStop = new LongAdder();

    /** A complete HTTP answer; its latency goes to the histogram separately. */
    public void response(int status, boolean expectRejection, long bytes) {
        responses.increment();
        bytesRead.add(bytes);
        if (status >= 500) {
            status5xx.increment();
        } else if (status >= 400) {
            (expectRejection ? expectedRejections : status4xx).increment();
        } else if (expectRejection) {
            unexpectedSuccesses.increment();
        }
    }

    public void failure(Failure failure) {
        (switch (failure) {
            case CONNECT -> connect;
            case TIMEOUT -> timeout;
            case RESET -> reset;
        }).increment();
    }

    /** Open model: how late a request left compared to its intended time. */
    public void scheduled(long lagNanos, boolean late) {
        sends.increment();
        scheduleLagNanos.add(lagNanos);
        maxScheduleLagNanos.accumulate(lagNanos);
        if (late) {
            lateStarts.increment();
        }
    }

    /** Open model: time a request waited for a free pooled connection. */
    public void connectionWait(long nanos) {
        connectionWaitNanos.add(nanos);
    }

    /** Stop: requests still in flight when the window closed, awaited up to their timeout. */
    public void inFlightAtStop(long count) {
        inFlightAtStop.add(count);
    }

    /** Stop: a request that was due inside the window but never left (filed with its intended-time latency). */
    void countUnsent() {
        unsentAtStop.increment();
    }

    public long inFlightAtStop() {
        return inFlightAtStop.sum();
    }

    public long unsentAtStop() {
        return unsentAtStop.sum();
    }

    public long responses() {
        return responses.sum();
    }

    public ErrorCounts errors() {
        return new ErrorCounts(connect.sum(), timeout.sum(), reset.sum(), status4xx.sum(), status5xx.sum());
    }

    public long expectedRejections() {
        return expectedRejections.sum();
    }

    public long unexpectedSuccesses() {
        return unexpectedSuccesses.sum();
    }

    public long bytesRead() {
        return bytesRead.sum();
    }

    public long lateStarts() {
        return lateStarts.sum();
    }

    public double meanScheduleLagNanos() {
        long n = sends.sum();
        return n == 0 ? 0 : (double) scheduleLagNanos.sum() / n;
    }

    public long maxScheduleLagNanos() {
        return maxScheduleLagNanos.get();
    }

    public long connectionWaitNanos() {
        return connectionWaitNanos.sum();
    }
}
