package io.jwtbench.bench.runtime.engine.transport;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
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
 * beyond its {@link Connection}; a TLS channel is Netty's own, with an {@link SslHandler} of the run's
 * {@link TlsClient} context before the connection (TLS needs the pipeline: records are framed, encrypted and
 * decrypted there); an HTTP/2 channel gets Netty's HTTP/2 codec once it is up ({@link Http2Session}).
 * It only opens channels and closes them all at the end; the connections live in {@link Connection}, the
 * protocols in its {@link Session}, the pooling in {@link ConnectionPool}.
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
    /**
     * Where each loop's {@link BenchChannel}s read; the parser keeps nothing of it past a call (a line split
     * across reads is copied), so the loop's channels share it.
     */
    private final ByteBuf[] readBuffers;
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
        this.readBuffers = new ByteBuf[loops.length];
        for (int i = 0; i < loops.length; i++) {
            readBuffers[i] = ByteBufAllocator.DEFAULT.directBuffer(BenchChannel.READ_BUFFER_BYTES, BenchChannel.READ_BUFFER_BYTES);
        }
    }

    /**
     * A bootstrap for one connection's channels, all on loop {@code lane}: a plain HTTP/1.1 connection's channel is
     * a {@link BenchChannel} reading straight into its session; any other has a pipeline: an {@link SslHandler} of
     * the run's {@link TlsClient} context for TLS, then the connection, and, once HTTP/2 is up, the session's codec.
     */
    Bootstrap bootstrap(int lane, Connection connection) {
        Bootstrap b = new Bootstrap().group(loops[lane]).option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMillis);
        if (tls == null && connection.session() instanceof Http1Session http1) {
            return b.channelFactory((ChannelFactory<BenchChannel>) () -> new BenchChannel(http1, readBuffers[lane]))
                    .handler(connection);
        }
        return b.channel(NioSocketChannel.class).handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                if (tls != null) {
                    ch.pipeline().addLast(new ServerHelloPeek(serverHellos), sslHandler(ch));
                }
                ch.pipeline().addLast(connection);
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

    /**
     * Closes every channel the way {@link GracefulClose} does, waiting until {@code deadlineNanos} (System.nanoTime)
     * for the server to close its side; what is still open then is closed at once. Returns whether every
     * connection closed on both sides in time.
     */
    boolean close(long deadlineNanos) {
        for (Channel ch : channels) {
            GracefulClose.begin(ch);
        }
        boolean closed = channels.newCloseFuture().awaitUninterruptibly(Math.max(0, deadlineNanos - System.nanoTime()),
                TimeUnit.NANOSECONDS);
        if (!closed) {
            channels.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        }
        return closed;
    }

    /** Once the loops stopped: no channel reads any more. */
    void releaseBuffers() {
        for (ByteBuf b : readBuffers) {
            b.release();
        }
    }
}
