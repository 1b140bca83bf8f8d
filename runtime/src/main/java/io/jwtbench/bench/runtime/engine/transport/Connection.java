package io.jwtbench.bench.runtime.engine.transport;

import java.net.SocketAddress;

import io.jwtbench.bench.runtime.plan.Protocol;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * One connection of the generator, as h2load's {@code Client}: it owns the channel (one at a time), its connect,
 * its TLS handshake and the protocol ALPN agrees on, the counts of connections and handshakes, and the reconnect
 * after a close, an error, a timeout, or every answer when the run has no keep-alive. Once up, its
 * {@link Session} speaks HTTP on it. The handler outlives its channels: events of a channel that is no longer the
 * current one are ignored. Touched only by its pool's event loop.
 */
@ChannelHandler.Sharable
final class Connection extends ChannelInboundHandlerAdapter {
    private final ConnectionPool pool;
    private final Outcomes outcomes;
    private final GeneratorClient client;
    private final SocketAddress address;
    private final Session session;
    private final Bootstrap bootstrap;
    private final ChannelFutureListener connectListener = this::connectDone;

    /** A {@link BenchChannel} for plain HTTP/1.1; Netty's own channel with a pipeline otherwise; null while closed. */
    private Channel channel;
    /** The session has it: TCP up and, for TLS, the handshake done. */
    private boolean up;
    /** When the current channel's connect began, and when its TCP connection was up (its handshake began). */
    private long connectStartNanos;
    private long activeNanos;

    Connection(ConnectionPool pool, RunTransport run, int lane) {
        this.pool = pool;
        this.outcomes = run.outcomes;
        this.client = run.client;
        this.address = run.address;
        this.session = run.protocol == Protocol.H2 ? new Http2Session(this, pool, run) : new Http1Session(this, pool, run);
        this.bootstrap = client.bootstrap(lane, this);
    }

    Session session() {
        return session;
    }

    /** The current channel; null while closed. */
    Channel channel() {
        return channel;
    }

    boolean isCurrent(Channel ch) {
        return ch == channel;
    }

    /** Without a channel: before the first connect, between a close and the reconnect, after the run. */
    boolean isClosed() {
        return channel == null;
    }

    /** When the current channel's connect began. */
    long connectStartNanos() {
        return connectStartNanos;
    }

    /** Opens a channel, unless one is open or opening; the session hears when it is up. */
    void connect() {
        if (channel != null || pool.stopped()) {
            return;
        }
        connectStartNanos = System.nanoTime();
        ChannelFuture connecting = bootstrap.connect(address);
        channel = connecting.channel();
        client.track(channel);
        connecting.addListener(connectListener);
    }

    private void connectDone(ChannelFuture f) {
        if (!f.isSuccess() && f.channel() == channel) {
            channel = null;
            outcomes.failed(Tally.Failure.CONNECT);
            pool.reconnectLater(this); // a refused connect may fail right inside connect(): retry from the loop's queue
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (ctx.channel() != channel) {
            ctx.close();
            return;
        }
        activeNanos = System.nanoTime();
        outcomes.opened();
        if (ctx.pipeline().get(SslHandler.class) == null) {
            up(ctx);
        } // else up once the handshake is done: userEventTriggered
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        ctx.fireUserEventTriggered(event);
        if (!(event instanceof SslHandshakeCompletionEvent done) || ctx.channel() != channel || up) {
            return;
        }
        SslHandler ssl = ctx.pipeline().get(SslHandler.class);
        if (!done.isSuccess() || Protocol.negotiated(ssl.applicationProtocol()) != session.protocol()) {
            // a server that does not agree on the run's protocol by ALPN cannot be loaded with it: a failed handshake
            outcomes.failed(Tally.Failure.TLS_HANDSHAKE);
            drop();
            pool.reconnectLater(this); // from the loop's queue: a server that refuses every handshake is not a hot loop
            return;
        }
        outcomes.handshakeDone(ctx.channel(), activeNanos);
        up(ctx);
    }

    private void up(ChannelHandlerContext ctx) {
        up = true;
        session.up(ctx);
    }

    /** Netty's path for what a pipeline read; a plain {@link BenchChannel} hands its bytes to the session directly. */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (ctx.channel() == channel && up) {
            session.read(ctx, msg);
        } else {
            ReferenceCountUtil.release(msg); // a closing channel's last bytes
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (ctx.channel() == channel && up) {
            session.readComplete(ctx);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ctx.fireChannelInactive();
        if (ctx.channel() == channel) {
            channel = null;
            up = false;
            session.lost(true);
            pool.reconnect(this); // an idle keep-alive connection closed by the server is not an error
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // channelInactive follows and fails what was in flight
    }

    /** The session gives the connection up (what it had in flight is filed): a new channel replaces this one. */
    void reconnect() {
        drop();
        pool.reconnect(this);
    }

    /** Closes the current channel, if any (its later events are ignored); the session files what was in flight. */
    private void drop() {
        Channel ch = channel;
        channel = null;
        up = false;
        session.lost(false);
        if (ch != null) {
            ch.close();
        }
    }

    /** Run over, no reconnect (the pool stopped): the generator closes the channel ({@link GracefulClose}). */
    void release() {
        channel = null;
        up = false;
        session.release();
    }
}
