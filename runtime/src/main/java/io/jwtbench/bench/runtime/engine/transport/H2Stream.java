package io.jwtbench.bench.runtime.engine.transport;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * One of an {@link Http2Session}'s concurrent streams, as the pool sees it: a place for one request in flight, as
 * an HTTP/1.1 connection is. Its request goes out on a new HTTP/2 stream of the session's connection; the
 * session routes that stream's frames back here. Touched only by its pool's event loop.
 */
final class H2Stream extends Slot {
    enum State {
        /** The session's connection is not up: before the first, between a close and the reconnect, after the run. */
        CLOSED,
        /** Up, but beyond what the server's SETTINGS allow at once: not used until they allow more. */
        PARKED,
        /** Up, nothing in flight on this stream. */
        IDLE,
        /** A request sent on a stream, its answer not complete. */
        IN_FLIGHT,
        /** Answered, reset or given up (filed): free once the codec has closed its HTTP/2 stream. */
        DONE
    }

    private final Http2Session session;
    private final Outcomes outcomes;
    /** Its place among the session's streams: the first {@code capacity} are used. */
    final int index;
    State state = State.CLOSED;
    /** The HTTP/2 stream id of the request in flight. */
    int id;
    private long intendedNanos;
    private long sentNanos;
    private boolean expectRejection;
    private int status;
    private long bodyBytes;

    H2Stream(Http2Session session, int index, Outcomes outcomes) {
        this.session = session;
        this.index = index;
        this.outcomes = outcomes;
    }

    @Override
    boolean isIdle() {
        return state == State.IDLE;
    }

    @Override
    boolean inFlight() {
        return state == State.IN_FLIGHT;
    }

    @Override
    void send(BenchRequest request, long intended) {
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
        state = State.DONE;
        outcomes.answered(intendedNanos, sentNanos, status, expectRejection, bodyBytes);
    }

    /** The server reset this stream: no answer. */
    void reset() {
        state = State.DONE;
        outcomes.failed(Tally.Failure.RESET);
    }

    @Override
    void expireIfOlder(long now, long timeoutNanos) {
        if (state == State.IN_FLIGHT && now - sentNanos > timeoutNanos) {
            state = State.DONE;
            outcomes.timedOut(intendedNanos, now);
            session.cancel(this); // the connection stays: only this stream is given up
        }
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
