package io.jwtbench.bench.runtime.engine.transport;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoop;
import io.vertx.core.Context;
import io.vertx.core.impl.ContextInternal;

/**
 * The generator's HTTP/1.1 client: plain Netty channels on the generator's own event loops (the
 * Netty loops behind its Vert.x contexts), TCP_NODELAY, no pipeline beyond one {@link Connection}
 * handler per channel. It only opens channels and closes them all at the end; the protocol lives in
 * {@link Connection} and {@link ResponseParser}, the pooling in {@link ConnectionPool}.
 */
final class Http1Client {
    /** The Netty loop behind each of the generator's Vert.x contexts, same order. */
    final EventLoop[] loops;
    /** Total connections of the run, spread over the loops. */
    final int connections;
    private final int connectTimeoutMillis;
    private final ChannelGroup channels;

    Http1Client(Context[] contexts, int connections, Duration connectTimeout) {
        this.loops = new EventLoop[contexts.length];
        for (int i = 0; i < contexts.length; i++) {
            loops[i] = ((ContextInternal) contexts[i]).nettyEventLoop();
            if (!(loops[i] instanceof NioEventLoop)) {
                throw new IllegalStateException("the generator expects NIO event loops, got " + loops[i].getClass());
            }
        }
        this.connections = connections;
        this.connectTimeoutMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()));
        this.channels = new DefaultChannelGroup("bench-generator", loops[0]);
    }

    /** A bootstrap for one connection's channels, all on {@code loop}. */
    Bootstrap bootstrap(EventLoop loop, Connection connection) {
        return new Bootstrap().group(loop).channelFactory((ChannelFactory<BenchChannel>) () -> new BenchChannel(connection))
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMillis)
                .handler(connection);
    }

    /** Closed with the generator, whatever state it is in. */
    void track(Channel channel) {
        channels.add(channel);
    }

    /** Closes every open channel, waiting up to {@code millis}. */
    void close(long millis) {
        channels.close().awaitUninterruptibly(millis, TimeUnit.MILLISECONDS);
    }
}
