package io.jwtbench.bench.runtime.engine.transport;

import io.jwtbench.bench.runtime.plan.Protocol;
import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.vertx.core.http.HttpMethod;

/**
 * HTTP/1.1 on one {@link Connection}, one request at a time, as one explicit state machine (in the spirit of wrk's
 * per-connection loop): send a pre-encoded request, parse the answer in place ({@link ResponseParser}), file it,
 * become free; a close, a malformed answer, bytes nobody asked for, a timeout, or the run's lack of keep-alive
 * give the connection up for a new one. Its own one {@link Slot}. Nothing is allocated per request.
 */
final class Http1Session extends Slot implements Session {
    enum State {
        /** Up, nothing in flight: the pool may give it a request. */
        IDLE,
        /** Request written (Netty flushes it), no byte of the answer yet. */
        AWAITING_RESPONSE,
        /** Status line and headers arriving. */
        READING_HEADERS,
        /** Head done, body arriving (content-length, chunked, or up to the close). */
        READING_BODY,
        /** The connection is not up: before the first, between a close and the reconnect, after the run. */
        CLOSED
    }

    private final Connection connection;
    private final ConnectionPool pool;
    private final Outcomes outcomes;
    /** {@code host:port}, the Host header of every request. */
    private final String authority;
    /** Whether a connection carries more than one request. */
    private final boolean keepAlive;
    private final ResponseParser parser = new ResponseParser();
    private final Slot[] slots = { this };

    private State state = State.CLOSED;
    /** Reused for every request while Netty is done with it: no allocation per send. */
    private ByteBuf out;
    // the request in flight
    private boolean expectRejection;
    private long intendedNanos;
    private long sentNanos;

    Http1Session(Connection connection, ConnectionPool pool, RunTransport run) {
        this.connection = connection;
        this.pool = pool;
        this.outcomes = run.outcomes;
        this.authority = run.authority;
        this.keepAlive = run.keepAlive;
    }

    @Override
    public Protocol protocol() {
        return Protocol.HTTP_1_1;
    }

    @Override
    public Slot[] slots() {
        return slots;
    }

    @Override
    boolean isIdle() {
        return state == State.IDLE;
    }

    @Override
    boolean inFlight() {
        return state == State.AWAITING_RESPONSE || state == State.READING_HEADERS || state == State.READING_BODY;
    }

    @Override
    public void up(ChannelHandlerContext ctx) {
        state = State.IDLE;
        pool.idle(this);
    }

    @Override
    void send(BenchRequest request, long intended) {
        Channel channel = connection.channel();
        byte[] wire = request.http11Bytes(authority);
        ByteBuf buf = out;
        if (buf == null || buf.refCnt() != 1 || buf.capacity() < wire.length) {
            if (buf != null) {
                buf.release(); // Netty may still hold it: it frees it after the write
            }
            buf = out = channel.alloc().directBuffer(Math.max(wire.length, 512));
        }
        buf.clear().writeBytes(wire);
        parser.reset(request.method() == HttpMethod.HEAD);
        expectRejection = request.expectRejection();
        intendedNanos = intended;
        state = State.AWAITING_RESPONSE;
        // a connection per request (closed model): the request's time includes its connect and handshake
        sentNanos = !keepAlive && intended == RunTransport.UNSCHEDULED ? connection.connectStartNanos() : System.nanoTime();
        if (channel instanceof BenchChannel plain) {
            plain.writeNow(buf);
        } else {
            channel.writeAndFlush(buf.retainedDuplicate(), channel.voidPromise()); // the pipeline encrypts it
        }
    }

    /** What a TLS pipeline decrypted. */
    @Override
    public void read(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            received(in);
        } finally {
            in.release();
        }
    }

    @Override
    public void readComplete(ChannelHandlerContext ctx) {
        // every request went out with its own flush
    }

    /** What {@code ch} read, if it is the connection's current channel; {@code in} is only valid during the call. */
    void received(Channel ch, ByteBuf in) {
        if (connection.isCurrent(ch)) {
            received(in);
        } // else a closing channel's last bytes
    }

    private void received(ByteBuf in) {
        switch (state) {
            case AWAITING_RESPONSE, READING_HEADERS, READING_BODY -> {
                int parsed = parser.feed(in);
                if (parsed == ResponseParser.NEED_MORE) {
                    state = parser.readingBody() ? State.READING_BODY : State.READING_HEADERS;
                } else if (parsed == ResponseParser.MALFORMED) {
                    giveUp(Tally.Failure.RESET);
                } else {
                    complete(in.isReadable());
                }
            }
            default -> giveUp(null); // bytes nobody asked for: this connection is out of step
        }
    }

    private void complete(boolean trailingBytes) {
        outcomes.answered(intendedNanos, sentNanos, parser.status(), expectRejection, parser.bodyBytes());
        if (trailingBytes) {
            giveUp(Tally.Failure.RESET); // more than one answer: out of step
        } else if (parser.closeAfter() || !keepAlive) {
            giveUp(null);
        } else {
            state = State.IDLE;
            pool.idle(this);
        }
    }

    @Override
    void expireIfOlder(long now, long timeoutNanos) {
        if (inFlight() && now - sentNanos > timeoutNanos) {
            outcomes.timedOut(intendedNanos, now);
            giveUp(null); // the answer may still come: this connection is out of step
        }
    }

    /** Files {@code failure} (unless null: nothing left to file) and gives the connection up for a new one. */
    private void giveUp(Tally.Failure failure) {
        if (failure != null) {
            outcomes.failed(failure);
        }
        state = State.CLOSED;
        connection.reconnect();
    }

    @Override
    public void lost(boolean endOfInput) {
        if (inFlight()) {
            if (endOfInput && parser.endOfInput()) {
                outcomes.answered(intendedNanos, sentNanos, parser.status(), expectRejection, parser.bodyBytes());
            } else {
                outcomes.failed(Tally.Failure.RESET);
            }
        }
        state = State.CLOSED;
    }

    @Override
    public void release() {
        state = State.CLOSED;
        if (out != null) {
            out.release();
            out = null;
        }
    }
}
