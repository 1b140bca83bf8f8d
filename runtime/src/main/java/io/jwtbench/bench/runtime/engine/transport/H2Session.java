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
 * One HTTP/2 connection of the generator and its {@code streams} concurrent streams, each a {@link Slot} of
 * the pool: the pool hands a request to a free stream as it would to a free HTTP/1.1 connection. Over TLS
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

    private final ConnectionPool pool;
    private final Stream[] streams;
    private final Bootstrap bootstrap;
    private final IntObjectHashMap<Stream> byId = new IntObjectHashMap<>();
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
        this.streams = new Stream[streams];
        for (int i = 0; i < streams; i++) {
            this.streams[i] = new Stream();
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

    private void connect() {
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
        pool.transport.handshakeDone(ssl, activeNanos);
        up(ctx);
    }

    /** The connection is ready for requests: every stream is free. */
    private void up(ChannelHandlerContext ctx) {
        codec = ctx.pipeline().get(Http2ConnectionHandler.class);
        codecContext = ctx.pipeline().context(codec);
        for (Stream s : streams) {
            s.state = State.IDLE;
        }
        for (Stream s : streams) {
            if (s.state == State.IDLE) {
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
        for (Stream s : streams) {
            if (s.state == State.IN_FLIGHT) {
                pool.transport.measurement.failure(Tally.Failure.RESET);
            }
            s.state = State.CLOSED;
        }
        byId.clear();
        reading = false;
        unflushed = false;
        channel = null;
        codec = null;
        codecContext = null;
    }

    private enum State {
        /** No connection: before the first, between a close and the reconnect, after the run. */
        CLOSED,
        /** Connected, nothing in flight on this stream. */
        IDLE,
        /** A request sent on this stream, its answer not complete. */
        IN_FLIGHT
    }

    /** One stream's place: a request in flight at a time, like an HTTP/1.1 connection. */
    private final class Stream implements Slot {
        private State state = State.CLOSED;
        private boolean stacked;
        private int id;
        private long intendedNanos;
        private long sentNanos;
        private boolean expectRejection;
        private int status;
        private long bodyBytes;

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
            H2Session.this.connect();
        }

        @Override
        public boolean isIdle() {
            return state == State.IDLE;
        }

        @Override
        public boolean isClosed() {
            return state == State.CLOSED && channel == null;
        }

        @Override
        public boolean inFlight() {
            return state == State.IN_FLIGHT;
        }

        @Override
        public void send(BenchRequest request, long intended) {
            int streamId = codec.connection().local().incrementAndGetNextStreamId();
            if (streamId < 0) { // the connection's stream ids are spent: a new connection
                drop();
                pool.reconnect(this);
                return;
            }
            ByteBuf body = request.body() == null || request.body().length() == 0 ? null
                    : Unpooled.wrappedBuffer(request.body().getBytes());
            id = streamId;
            intendedNanos = intended;
            expectRejection = request.expectRejection();
            status = 0;
            bodyBytes = 0;
            state = State.IN_FLIGHT;
            byId.put(streamId, this);
            sentNanos = System.nanoTime();
            codec.encoder().writeHeaders(codecContext, streamId, headers(request, body), 0, body == null,
                    codecContext.newPromise());
            if (body != null) {
                codec.encoder().writeData(codecContext, streamId, body, 0, true, codecContext.newPromise());
            }
            unflushed = true;
            if (!reading) {
                flushIfNeeded(); // sent from the pacer or at start: nothing else will flush it soon
            }
        }

        private Http2Headers headers(BenchRequest request, ByteBuf body) {
            if (request != lastRequest) {
                lastHeaders = encode(request, body);
                lastRequest = request;
            }
            return lastHeaders;
        }

        private Http2Headers encode(BenchRequest request, ByteBuf body) {
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
            return h;
        }

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

        void data(int bytes, boolean endOfStream) {
            bodyBytes += bytes;
            if (endOfStream) {
                complete();
            }
        }

        private void complete() {
            byId.remove(id);
            state = State.IDLE;
            pool.transport.answered(intendedNanos, sentNanos, status, expectRejection, bodyBytes);
            pool.idle(this);
        }

        /** The server reset this stream: no answer. */
        void reset() {
            byId.remove(id);
            state = State.IDLE;
            pool.transport.measurement.failure(Tally.Failure.RESET);
            pool.idle(this);
        }

        @Override
        public void expireIfOlder(long now, long timeoutNanos) {
            if (state == State.IN_FLIGHT && now - sentNanos > timeoutNanos) {
                pool.transport.timedOut(intendedNanos, now);
                byId.remove(id);
                state = State.IDLE;
                // the connection stays: only this stream is given up (its late frames find no stream)
                codec.resetStream(codecContext, id, Http2Error.CANCEL.code(), codecContext.newPromise());
                codecContext.flush();
                pool.idle(this);
            }
        }

        @Override
        public void release() {
            Channel ch = channel;
            down();
            if (ch != null) {
                ch.close();
            }
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

    /** Frames of the current channel, by stream; flow-control credit goes back as the data is read. */
    private final class Listener extends Http2FrameAdapter {
        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                boolean endOfStream) {
            Stream s = ctx.channel() == channel ? byId.get(streamId) : null;
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
            Stream s = ctx.channel() == channel ? byId.get(streamId) : null;
            if (s != null) {
                s.data(bytes, endOfStream);
            }
            return bytes + padding;
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            Stream s = ctx.channel() == channel ? byId.get(streamId) : null;
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
