package io.jwtbench.bench.runtime.engine.transport;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.vertx.core.http.HttpMethod;

/**
 * One connection of the generator and the whole life of its exchanges, as one explicit state
 * machine (in the spirit of wrk's per-connection loop): connect (and for TLS, shake hands), send a
 * pre-encoded request, parse the answer in place, file it, become idle, and reconnect after a close,
 * an error, a timeout, or every answer when the run has no keep-alive. Touched only by its pool's
 * event loop. The handler outlives its channels (one at a time), so events of a channel that is no
 * longer the current one are ignored.
 */
@ChannelHandler.Sharable
final class Connection extends ChannelInboundHandlerAdapter implements Slot {
    enum State {
        /** Channel opening; {@code channelActive} makes it IDLE, or with TLS the handshake's completion. */
        CONNECTING,
        /** Open, nothing in flight: the pool may give it a request. */
        IDLE,
        /** Request written (Netty flushes it), no byte of the answer yet. */
        AWAITING_RESPONSE,
        /** Status line and headers arriving. */
        READING_HEADERS,
        /** Head done, body arriving (content-length, chunked, or up to the close). */
        READING_BODY,
        /** No channel: before the first connect, between a close and the reconnect, after the run. */
        CLOSED
    }

    final ConnectionPool pool;
    private final Bootstrap bootstrap;
    private final ResponseParser parser = new ResponseParser();
    private final ChannelFutureListener connectListener = this::connectDone;

    private State state = State.CLOSED;
    /** A {@link BenchChannel} when plain; Netty's own channel with an {@link SslHandler} for TLS. */
    private Channel channel;
    /** Reused for every request while Netty is done with it: no allocation per send. */
    private ByteBuf out;
    // the request in flight
    private boolean expectRejection;
    private long intendedNanos;
    private long sentNanos;
    /** When the current channel's connect began, and when its TCP connection was up (its handshake began). */
    private long connectStartNanos;
    private long activeNanos;
    private boolean stacked;

    Connection(ConnectionPool pool) {
        this.pool = pool;
        this.bootstrap = pool.transport.client.bootstrap(pool.loop, this);
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
    public boolean isIdle() {
        return state == State.IDLE;
    }

    @Override
    public boolean isClosed() {
        return state == State.CLOSED;
    }

    @Override
    public void connect() {
        state = State.CONNECTING;
        connectStartNanos = System.nanoTime();
        ChannelFuture connecting = bootstrap.connect(pool.transport.address);
        channel = connecting.channel();
        pool.transport.client.track(channel);
        connecting.addListener(connectListener);
    }

    private void connectDone(ChannelFuture f) {
        if (!f.isSuccess() && f.channel() == channel) {
            channel = null;
            state = State.CLOSED;
            pool.transport.measurement.failure(Tally.Failure.CONNECT);
            // a refused connect may fail right inside connect(): retry from the loop's queue
            pool.reconnectLater(this);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            ctx.close();
            return;
        }
        activeNanos = System.nanoTime();
        pool.transport.opened();
        if (ctx.pipeline().get(SslHandler.class) == null) {
            state = State.IDLE;
            pool.idle(this);
        } // else IDLE once the handshake is done: userEventTriggered
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (!(event instanceof SslHandshakeCompletionEvent done) || ctx.channel() != channel || state != State.CONNECTING) {
            return;
        }
        if (!done.isSuccess()) {
            pool.transport.measurement.failure(Tally.Failure.TLS_HANDSHAKE);
            dropChannel();
            pool.reconnectLater(this); // from the loop's queue: a server that refuses every handshake is not a hot loop
            return;
        }
        pool.transport.handshakeDone(ctx.channel(), activeNanos);
        state = State.IDLE;
        pool.idle(this);
    }

    @Override
    public void send(BenchRequest request, long intended) {
        byte[] wire = request.http11Bytes(pool.transport.authority);
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
        sentNanos = !pool.transport.keepAlive && intended == RunTransport.UNSCHEDULED ? connectStartNanos : System.nanoTime();
        if (channel instanceof BenchChannel plain) {
            plain.writeNow(buf);
        } else {
            channel.writeAndFlush(buf.retainedDuplicate(), channel.voidPromise()); // the pipeline encrypts it
        }
    }

    /** Netty's path for received bytes; {@link BenchChannel} calls {@link #received} directly instead. */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        try {
            if (ctx.channel() == channel) {
                received(in);
            }
        } finally {
            in.release();
        }
    }

    /** Bytes from the socket of the current channel; {@code in} is only valid during the call. */
    void received(ByteBuf in) {
        switch (state) {
            case AWAITING_RESPONSE, READING_HEADERS, READING_BODY -> {
                int parsed = parser.feed(in);
                if (parsed == ResponseParser.NEED_MORE) {
                    state = parser.readingBody() ? State.READING_BODY : State.READING_HEADERS;
                } else if (parsed == ResponseParser.MALFORMED) {
                    fail(Tally.Failure.RESET);
                } else {
                    complete(in.isReadable());
                }
            }
            default -> reconnect(); // bytes nobody asked for: this connection is out of step
        }
    }

    private void complete(boolean trailingBytes) {
        pool.transport.answered(intendedNanos, sentNanos, parser.status(), expectRejection, parser.bodyBytes());
        if (trailingBytes) {
            pool.transport.measurement.failure(Tally.Failure.RESET); // more than one answer: out of step
            reconnect();
        } else if (parser.closeAfter() || !pool.transport.keepAlive) {
            reconnect();
        } else {
            state = State.IDLE;
            pool.idle(this);
        }
    }

    /** Files the in-flight request as failed, drops the channel and opens a new one. */
    void fail(Tally.Failure failure) {
        pool.transport.measurement.failure(failure);
        reconnect();
    }

    @Override
    public void expireIfOlder(long now, long timeoutNanos) {
        if (inFlight() && now - sentNanos > timeoutNanos) {
            pool.transport.timedOut(intendedNanos, now);
            reconnect(); // the answer may still come: this connection is out of step
        }
    }

    @Override
    public boolean inFlight() {
        return state == State.AWAITING_RESPONSE || state == State.READING_HEADERS || state == State.READING_BODY;
    }

    private void reconnect() {
        dropChannel();
        pool.reconnect(this);
    }

    /** Closes the current channel, if any; its later events are ignored. */
    void dropChannel() {
        Channel ch = channel;
        channel = null;
        state = State.CLOSED;
        if (ch != null) {
            ch.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            return;
        }
        if (inFlight()) {
            if (parser.endOfInput()) {
                complete(false); // a body delimited by the close; complete() reconnects
                return;
            }
            pool.transport.measurement.failure(Tally.Failure.RESET);
        }
        reconnect(); // idle keep-alive connection closed by the server: not an error
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // channelInactive follows and files the failure if a request was in flight
    }

    @Override
    public void release() {
        dropChannel();
        if (out != null) {
            out.release();
            out = null;
        }
    }
}
