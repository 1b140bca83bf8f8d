package io.jwtbench.bench.runtime.engine.transport;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoop;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.vertx.core.Context;
import io.vertx.core.impl.ContextInternal;

/**
 * The generator's HTTP client: Netty channels on the generator's own event loops (the Netty loops behind
 * its Vert.x contexts), TCP_NODELAY. A plain HTTP/1.1 channel is a {@link BenchChannel} with no pipeline
 * beyond one {@link Connection} handler; a TLS channel is Netty's own, with an {@link SslHandler} of the
 * run's {@link TlsClient} context before the connection (TLS needs the pipeline: records are framed,
 * encrypted and decrypted there); an HTTP/2 channel carries Netty's HTTP/2 codec for an {@link H2Session}.
 * It only opens channels and closes them all at the end; the protocols live in {@link Connection} with
 * {@link ResponseParser} and in {@link H2Session}, the pooling in {@link ConnectionPool}.
 */
final class GeneratorClient {
    /** The Netty loop behind each of the generator's Vert.x contexts, same order. */
    final EventLoop[] loops;
    /** Total connections of the run, spread over the loops. */
    final int connections;
    private final int connectTimeoutMillis;
    private final ChannelGroup channels;
    /** Null for plain HTTP. */
    private final SslContext tls;
    private final Endpoint endpoint;
    /** The key exchange group the server's hellos named. */
    final ServerHelloPeek.Seen serverHellos = new ServerHelloPeek.Seen();

    GeneratorClient(Context[] contexts, int connections, Duration connectTimeout, Endpoint endpoint) {
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
        this.endpoint = endpoint;
        this.tls = endpoint.transport().tls() ? TlsClient.context(endpoint.transport(), endpoint.trusted()) : null;
    }

    /** A bootstrap for one connection's channels, all on {@code loop}. */
    Bootstrap bootstrap(EventLoop loop, Connection connection) {
        Bootstrap b = new Bootstrap().group(loop).option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMillis);
        if (tls == null) {
            return b.channelFactory((ChannelFactory<BenchChannel>) () -> new BenchChannel(connection)).handler(connection);
        }
        return b.channel(NioSocketChannel.class).handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new ServerHelloPeek(serverHellos), sslHandler(ch), connection);
            }
        });
    }

    /**
     * A bootstrap for one HTTP/2 session's channels, all on {@code loop}: [TLS,] {@code session} (its
     * connection events) and a fresh HTTP/2 connection handler of {@code session}'s per channel.
     */
    Bootstrap bootstrapH2(EventLoop loop, H2Session session) {
        return new Bootstrap().group(loop).option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMillis).channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (tls != null) {
                            ch.pipeline().addLast(new ServerHelloPeek(serverHellos), sslHandler(ch));
                        }
                        ch.pipeline().addLast(session, session.newCodec());
                    }
                });
    }

    /** Host and port key both engines' session caches: with them later connections resume, as a browser's would. */
    private SslHandler sslHandler(Channel ch) {
        return endpoint.transport().resumption() ? tls.newHandler(ch.alloc(), RunTransport.HOST, endpoint.port())
                : tls.newHandler(ch.alloc());
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
