package io.jwtbench.bench.runtime.engine.transport;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * One of an {@link H2Session}'s concurrent streams, as the pool sees it: a place for one request in flight, as
 * an HTTP/1.1 connection is. Its request goes out on a new HTTP/2 stream of the session's connection; the
 * session routes that stream's frames back here. Touched only by its pool's event loop.
 */
final class H2Stream implements Slot {
    enum State {
        /** The session has no connection: before the first, between a close and the reconnect, after the run. */
        CLOSED,
        /** Connected, nothing in flight on this slot. */
        IDLE,
        /** A request sent on a stream, its answer not complete. */
        IN_FLIGHT
    }

    private final H2Session session;
    State state = State.CLOSED;
    private boolean stacked;
    /** The HTTP/2 stream id of the request in flight. */
    private int id;
    private long intendedNanos;
    private long sentNanos;
    private boolean expectRejection;
    private int status;
    private long bodyBytes;

    H2Stream(H2Session session) {
        this.session = session;
    }

    @Override
    public boolean stacked() {
        return stacked;
    }

    @Override
    public void stacked(boolean inStack) {
        stacked = inStack;
    }

    @Override
    public void connect() {
        session.connect();
    }

    @Override
    public boolean isIdle() {
        return state == State.IDLE;
    }

    @Override
    public boolean isClosed() {
        return state == State.CLOSED && session.disconnected();
    }

    @Override
    public boolean inFlight() {
        return state == State.IN_FLIGHT;
    }

    @Override
    public void send(BenchRequest request, long intended) {
        intendedNanos = intended;
        expectRejection = request.expectRejection();
        status = 0;
        bodyBytes = 0;
        state = State.IN_FLIGHT;
        sentNanos = System.nanoTime();
        id = session.open(this, request);
    }

    /** The answer's headers (or trailers) arrived. */
    void headers(Http2Headers headers, boolean endOfStream) {
        if (status == 0) {
            CharSequence s = headers.status();
            int code = s == null ? 0 : parseStatus(s);
            if (code >= 100 && code < 200 && !endOfStream) {
                return; // informational: the real answer follows
            }
            status = code;
        }
        if (endOfStream) {
            complete();
        }
    }

    /** Body bytes of the answer arrived. */
    void data(int bytes, boolean endOfStream) {
        bodyBytes += bytes;
        if (endOfStream) {
            complete();
        }
    }

    private void complete() {
        session.forget(id);
        state = State.IDLE;
        session.pool.transport.answered(intendedNanos, sentNanos, status, expectRejection, bodyBytes);
        session.pool.idle(this);
    }

    /** The server reset this stream: no answer. */
    void reset() {
        session.forget(id);
        state = State.IDLE;
        session.pool.transport.measurement.failure(Tally.Failure.RESET);
        session.pool.idle(this);
    }

    @Override
    public void expireIfOlder(long now, long timeoutNanos) {
        if (state == State.IN_FLIGHT && now - sentNanos > timeoutNanos) {
            session.pool.transport.timedOut(intendedNanos, now);
            state = State.IDLE;
            session.cancel(id); // the connection stays: only this stream is given up (its late frames find no slot)
            session.pool.idle(this);
        }
    }

    @Override
    public void release() {
        session.close();
    }

    private static int parseStatus(CharSequence s) {
        int code = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            code = code * 10 + (c - '0');
        }
        return code;
    }
}
