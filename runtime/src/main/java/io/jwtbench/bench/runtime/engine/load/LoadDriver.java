package io.jwtbench.bench.runtime.engine.load;

import java.util.Optional;

import io.jwtbench.bench.runtime.engine.transport.RunTransport;
import io.jwtbench.bench.runtime.plan.Schedule;
import io.jwtbench.bench.runtime.spi.RequestSource;

/** Decides when requests leave. Both methods return at once; the work happens on the event loops. */
public interface LoadDriver {
    /** @param startNanos System.nanoTime of the run's start: the origin of a schedule */
    void start(long startNanos);

    /** No new request leaves after this (answers in flight may still arrive; they are ignored). */
    void stop();

    /** Requests on {@code schedule} when there is one, else each connection sends on answer. */
    static LoadDriver of(Optional<Schedule> schedule, RunTransport transport, RequestSource source) {
        return schedule.<LoadDriver>map(s -> new OpenLoopDriver(transport, source, s))
                .orElseGet(() -> new ClosedLoopDriver(transport, source));
    }
}
