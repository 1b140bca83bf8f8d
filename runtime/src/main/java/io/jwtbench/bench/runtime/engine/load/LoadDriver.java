package io.jwtbench.bench.runtime.engine.load;

import java.util.Optional;

import io.jwtbench.bench.runtime.engine.transport.RunTransport;
import io.jwtbench.bench.runtime.plan.Schedule;
import io.jwtbench.bench.runtime.spi.RequestSource;

/** Decides when requests leave. Both methods return at once; the work happens on the event loops. */
public interface LoadDriver {
    /** @param startNanos System.nanoTime of the run's start: the origin of a schedule */
    void start(long startNanos);

    /** The measured window ends at {@code endNanos} (System.nanoTime): no scheduled request due at or after it leaves. */
    void endAt(long endNanos);

    /**
     * Closes the measured window at {@code windowEndNanos} (System.nanoTime) without losing a request:
     * nothing new leaves, requests due before it but never sent are filed with their intended-time
     * latency, requests in flight are awaited up to the run's timeout (or fail as timeouts). Blocks
     * until then; returns whether everything settled. {@link #stop()} follows.
     */
    boolean closeWindow(long windowEndNanos) throws InterruptedException;

    /** CPU time of the driver's own thread (the open model's pacer) so far, its last value once it ended; 0 if none. */
    default long cpuNanos() {
        return 0;
    }

    /** No new request leaves after this (answers in flight may still arrive; they are ignored). */
    void stop();

    /** Requests on {@code schedule} when there is one, else each connection sends on answer. */
    static LoadDriver of(Optional<Schedule> schedule, RunTransport transport, RequestSource source) {
        return schedule.<LoadDriver>map(s -> new OpenLoopDriver(transport, source, s))
                .orElseGet(() -> new ClosedLoopDriver(transport, source));
    }
}
