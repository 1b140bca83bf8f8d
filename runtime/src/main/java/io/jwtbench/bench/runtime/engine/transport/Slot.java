package io.jwtbench.bench.runtime.engine.transport;

import io.jwtbench.bench.runtime.spi.BenchRequest;

/**
 * What a {@link ConnectionPool} hands requests to: a place for one request in flight at a time. Over HTTP/1.1 a
 * slot is a connection ({@link Connection}); over HTTP/2 it is one of the concurrent streams of a shared
 * connection ({@link H2Session.Stream}). Touched only by its pool's event loop.
 */
interface Slot {
    /** Whether it is in the pool's idle stack (maybe stale: the pool checks {@link #isIdle} when it pops). */
    boolean stacked();

    void stacked(boolean inStack);

    /** Opens its connection, or joins the opening of the shared one; the slot tells the pool when it is idle. */
    void connect();

    /** Open and free: it may take a request. */
    boolean isIdle();

    /** Without a connection (before the first, between a close and the reconnect, after the run). */
    boolean isClosed();

    /**
     * @param intended System.nanoTime the schedule meant it to leave at, or {@link RunTransport#UNSCHEDULED}
     */
    void send(BenchRequest request, long intended);

    boolean inFlight();

    /**
     * The sweep: fails the request in flight if it left more than {@code timeoutNanos} ago, as a timeout (a
     * scheduled one with its latency from its intended time: {@code Measurement.scheduledTimeout}).
     */
    void expireIfOlder(long now, long timeoutNanos);

    /** Run over: no reconnects (the pool stopped), buffers go back; the generator closes the connection later. */
    void release();
}
