package io.jwtbench.bench.runtime.engine.transport;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.collection.IntObjectHashMap;

/**
 * One HTTP/2 connection of the generator and its {@code streams} concurrent streams, each a {@link H2Stream},
 * a slot of the pool: the pool hands a request to a free stream as it would to a free HTTP/1.1 connection. Over TLS
 * the connection is h2 by ALPN (anything else is a failed handshake); without TLS it is h2c with prior
 * knowledge. Netty's HTTP/2 codec frames, compresses headers (HPACK) and returns flow-control credit; this
 * class maps stream ids to slots and files answers. A timed-out stream is reset (RST_STREAM CANCEL) and the
 * connection kept; a lost connection fails its streams in flight and opens again. Touched only by its pool's
 * event loop; events of a channel that is no longer the current one are ignored.
 */
@ChannelHandler.Sharable
final class H2Session extends ChannelInboundHandlerAdapter {
    /** Headers HTTP/2 forbids (RFC 9113 §8.2.2), and {@code host}, which {@code :authority} replaces. */
    private static final Set<String> NOT_IN_H2 = Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding",
            "upgrade", "host", "te");

    final ConnectionPool pool;
    private final H2Stream[] streams;
    private final Bootstrap bootstrap;
    /** The streams in flight on the current connection, by HTTP/2 stream id. */
    private final IntObjectHashMap<H2Stream> byId = new IntObjectHashMap<>();
    private final Listener listener = new Listener();
    private final ChannelFutureListener connectListener = this::connectDone;
    private final String scheme;

    private Channel channel;
    /** The current channel's HTTP/2 handler and its context: set when the connection is up. */
    private Http2ConnectionHandler codec;
    private ChannelHandlerContext codecContext;
    private long activeNanos;
    /** Inside a read of the current channel: sends wait for its end and go out in one flush (one TLS record, one write). */
    private boolean reading;
    private boolean unflushed;
    /** The last request's headers: a target that sends one request over and over encodes them once. */
    private BenchRequest lastRequest;
    private Http2Headers lastHeaders;

    H2Session(ConnectionPool pool, int streams) {
        this.pool = pool;
        this.streams = new H2Stream[streams];
        for (int i = 0; i < streams; i++) {
            this.streams[i] = new H2Stream(this);
        }
        this.scheme = pool.transport.tls ? "https" : "http";
        this.bootstrap = pool.transport.client.bootstrapH2(pool.loop, this);
    }

    Slot[] streams() {
        return streams;
    }

    /** A fresh HTTP/2 client codec for a new channel, reporting frames to this session. */
    Http2ConnectionHandler newCodec() {
        return new Http2ConnectionHandlerBuilder().connection(new DefaultHttp2Connection(false)).frameListener(listener)
                .build();
    }

    void connect() {
        if (channel != null || pool.stopped()) {
            return;
        }
        ChannelFuture connecting = bootstrap.connect(pool.transport.address);
        channel = connecting.channel();
        pool.transport.client.track(channel);
        connecting.addListener(connectListener);
    }

    private void connectDone(ChannelFuture f) {
        if (!f.isSuccess() && f.channel() == channel) {
            channel = null;
            pool.transport.measurement.failure(Tally.Failure.CONNECT);
            pool.reconnectLater(streams[0]);
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
        ctx.fireChannelActive(); // the codec sends the connection preface (TLS holds it until the handshake is done)
        if (ctx.pipeline().get(SslHandler.class) == null) {
            up(ctx);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        ctx.fireUserEventTriggered(event);
        if (!(event instanceof SslHandshakeCompletionEvent done) || ctx.channel() != channel) {
            return;
        }
        SslHandler ssl = ctx.pipeline().get(SslHandler.class);
        if (!done.isSuccess() || !Transport.H2.equals(ssl.applicationProtocol())) {
            // a server that does not agree on h2 by ALPN cannot be loaded over HTTP/2: as a failed handshake
            pool.transport.measurement.failure(Tally.Failure.TLS_HANDSHAKE);
            drop();
            pool.reconnectLater(streams[0]);
            return;
        }
        pool.transport.handshakeDone(ctx.channel(), activeNanos);
        up(ctx);
    }

    /** The connection is ready for requests: every stream is free. */
    private void up(ChannelHandlerContext ctx) {
        codec = ctx.pipeline().get(Http2ConnectionHandler.class);
        codecContext = ctx.pipeline().context(codec);
        for (H2Stream s : streams) {
            s.state = H2Stream.State.IDLE;
        }
        for (H2Stream s : streams) {
            if (s.isIdle()) {
                pool.idle(s);
            }
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        reading = ctx.channel() == channel;
        ctx.fireChannelRead(msg); // the codec decodes it: answers complete, freed streams send their next request
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.fireChannelReadComplete();
        if (ctx.channel() == channel) {
            reading = false;
            flushIfNeeded();
        }
    }

    private void flushIfNeeded() {
        if (unflushed && codecContext != null) {
            unflushed = false;
            codecContext.flush();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ctx.fireChannelInactive();
        if (ctx.channel() == channel) {
            down();
            pool.reconnect(streams[0]); // idle keep-alive connection closed by the server: not an error
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // channelInactive follows and fails the streams in flight
    }

    /** Closes the current channel, if any (its later events are ignored), failing its streams in flight. */
    private void drop() {
        Channel ch = channel;
        down();
        if (ch != null) {
            ch.close();
        }
    }

    private void down() {
        for (H2Stream s : streams) {
            if (s.inFlight()) {
                pool.transport.measurement.failure(Tally.Failure.RESET);
            }
            s.state = H2Stream.State.CLOSED;
        }
        byId.clear();
        reading = false;
        unflushed = false;
        channel = null;
        codec = null;
        codecContext = null;
    }

    boolean disconnected() {
        return channel == null;
    }

    /**
     * Sends {@code request} on a new stream for {@code slot}; returns its stream id. Inside a read the flush
     * waits for the read's end, so that the requests freed streams send go out together.
     */
    int open(H2Stream slot, BenchRequest request) {
        int streamId = codec.connection().local().incrementAndGetNextStreamId();
        if (streamId < 0) { // the connection's stream ids are spent: a new connection (the slot fails with it)
            drop();
            pool.reconnect(slot);
            return 0;
        }
        ByteBuf body = request.body() == null || request.body().length() == 0 ? null
                : Unpooled.wrappedBuffer(request.body().getBytes());
        byId.put(streamId, slot);
        codec.encoder().writeHeaders(codecContext, streamId, headers(request, body), 0, body == null, codecContext.newPromise());
        if (body != null) {
            codec.encoder().writeData(codecContext, streamId, body, 0, true, codecContext.newPromise());
        }
        unflushed = true;
        if (!reading) {
            flushIfNeeded(); // sent from the pacer or at start: nothing else will flush it soon
        }
        return streamId;
    }

    private Http2Headers headers(BenchRequest request, ByteBuf body) {
        if (request != lastRequest) {
            Http2Headers h = new DefaultHttp2Headers(false).method(request.method().name()).path(request.path())
                    .scheme(scheme).authority(pool.transport.authority);
            for (Map.Entry<String, String> e : request.headers()) {
                String name = e.getKey().toLowerCase(Locale.ROOT);
                if (!NOT_IN_H2.contains(name)) {
                    h.add(name, e.getValue());
                }
            }
            if (body != null) {
                h.setInt("content-length", body.readableBytes());
            }
            lastHeaders = h;
            lastRequest = request;
        }
        return lastHeaders;
    }

    /** Stream {@code streamId} is done: its late frames are ignored. */
    void forget(int streamId) {
        byId.remove(streamId);
    }

    /** Gives stream {@code streamId} up: RST_STREAM CANCEL, the connection kept. */
    void cancel(int streamId) {
        byId.remove(streamId);
        codec.resetStream(codecContext, streamId, Http2Error.CANCEL.code(), codecContext.newPromise());
        codecContext.flush();
    }

    /** Run over: the connection closes, no reconnect (the pool stopped). */
    void close() {
        drop();
    }

    /** Frames of the current channel, by stream; flow-control credit goes back as the data is read. */
    private final class Listener extends Http2FrameAdapter {
        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                boolean endOfStream) {
            H2Stream s = ctx.channel() == channel ? byId.get(streamId) : null;
            if (s != null) {
                s.headers(headers, endOfStream);
            }
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                short weight, boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            int bytes = data.readableBytes();
            H2Stream s = ctx.channel() == channel ? byId.get(streamId) : null;
            if (s != null) {
                s.data(bytes, endOfStream);
            }
            return bytes + padding;
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            H2Stream s = ctx.channel() == channel ? byId.get(streamId) : null;
            if (s != null) {
                s.reset();
            }
        }

        @Override
        public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
            if (ctx.channel() == channel) {
                drop(); // the server is leaving: the streams in flight fail, a new connection opens
                pool.reconnect(streams[0]);
            }
        }
    }
}
