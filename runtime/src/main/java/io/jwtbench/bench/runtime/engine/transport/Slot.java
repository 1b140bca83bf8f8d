package io.jwtbench.bench.runtime.engine.transport;

import io.jwtbench.bench.runtime.spi.BenchRequest;

/**
 * What a {@link ConnectionPool} hands requests to: a place for one request in flight at a time. Over HTTP/1.1 a
 * slot is a connection's {@link Http1Session}; over HTTP/2 it is one of the concurrent streams of a connection
 * ({@link H2Stream}). Its {@link Session} tells the pool when it is free. Touched only by its pool's event loop.
 */
abstract class Slot {
    /** Whether it is in the pool's idle stack (maybe stale: the pool checks {@link #isIdle} when it pops). */
    boolean stacked;

    /** Its connection is up and it is free: it may take a request. */
    abstract boolean isIdle();

    /**
     * @param intended System.nanoTime the schedule meant it to leave at, or {@link RunTransport#UNSCHEDULED}
     */
    abstract void send(BenchRequest request, long intended);

    abstract boolean inFlight();

    /**
     * The sweep: fails the request in flight if it left more than {@code timeoutNanos} ago, as a timeout (a
     * scheduled one with its latency from its intended time: {@code Measurement.scheduledTimeout}).
     */
    abstract void expireIfOlder(long now, long timeoutNanos);
}
