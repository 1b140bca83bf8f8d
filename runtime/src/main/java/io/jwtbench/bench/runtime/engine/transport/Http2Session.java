package io.jwtbench.bench.runtime.engine.transport;

import io.jwtbench.bench.runtime.plan.Protocol;
import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.util.collection.IntObjectHashMap;

/**
 * HTTP/2 on one {@link Connection}: the run's {@code streams} concurrent streams, each a {@link H2Stream}, a slot
 * of the pool, which hands a request to a free stream as it would to a free HTTP/1.1 connection. Over TLS the
 * connection is h2 by ALPN; without TLS, h2c with prior knowledge. When the connection is up, Netty's HTTP/2 codec
 * joins its pipeline (as Netty's {@code ApplicationProtocolNegotiationHandler} configures one), frames, compresses
 * headers (HPACK) and returns flow-control credit; this class maps stream ids to streams and files answers. Its
 * capacity follows the server's SETTINGS: no stream is used before they arrive, no more at once than their
 * {@code MAX_CONCURRENT_STREAMS}, and a stream only again once the codec has closed it. A timed-out stream is reset
 * (RST_STREAM CANCEL) and the connection kept; a GOAWAY or a lost connection fails the streams in flight, and the
 * connection opens again.
 */
final class Http2Session extends Http2FrameAdapter implements Session {
    private final Connection connection;
    private final ConnectionPool pool;
    private final Outcomes outcomes;
    private final H2Stream[] streams;
    /** The streams in flight on the current connection, by HTTP/2 stream id. */
    private final IntObjectHashMap<H2Stream> byId = new IntObjectHashMap<>();
    private final H2RequestHeaders headers;

    /** The current channel's HTTP/2 handler and its context: set when the connection is up. */
    private Http2ConnectionHandler codec;
    private ChannelHandlerContext codecContext;
    /** How many of the streams the server allows at once: 0 until its SETTINGS arrive. */
    private int capacity;
    /** Inside a read of the current channel: sends wait for its end and go out in one flush (one TLS record, one write). */
    private boolean reading;
    private boolean unflushed;

    Http2Session(Connection connection, ConnectionPool pool, RunTransport run) {
        this.connection = connection;
        this.pool = pool;
        this.outcomes = run.outcomes;
        this.streams = new H2Stream[run.streams];
        for (int i = 0; i < streams.length; i++) {
            streams[i] = new H2Stream(this, i, outcomes);
        }
        this.headers = new H2RequestHeaders(run.tls ? "https" : "http", run.authority);
    }

    @Override
    public Protocol protocol() {
        return Protocol.H2;
    }

    @Override
    public Slot[] slots() {
        return streams;
    }

    /** The codec joins the pipeline: it sends the connection preface; the server's SETTINGS free the streams. */
    @Override
    public void up(ChannelHandlerContext ctx) {
        Http2Connection h2 = new DefaultHttp2Connection(false);
        h2.addListener(new Closes(h2));
        codec = new Http2ConnectionHandlerBuilder().connection(h2).frameListener(this).build();
        ctx.pipeline().addLast(codec);
        codecContext = ctx.pipeline().context(codec);
        codecContext.flush();
    }

    @Override
    public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
        Long max = settings.maxConcurrentStreams();
        if (ctx != codecContext || max == null && capacity > 0) {
            return; // an old channel's, or SETTINGS that leave the limit as it was
        }
        int allowed = max == null ? streams.length : (int) Math.min(streams.length, max);
        if (allowed < streams.length) {
            outcomes.streamsCapped(streams.length, max);
        }
        capacity = allowed;
        for (H2Stream s : streams) {
            if (s.state == H2Stream.State.IN_FLIGHT || s.state == H2Stream.State.DONE) {
                continue; // freed as the capacity then says, once its stream is closed
            }
            s.state = s.index < capacity ? H2Stream.State.IDLE : H2Stream.State.PARKED;
        }
        for (H2Stream s : streams) {
            if (s.isIdle()) {
                pool.idle(s);
            }
        }
    }

    /**
     * Netty closed an HTTP/2 stream of {@code h2}: if it was the current connection's and its request was done (its
     * answer filed), its {@link H2Stream} is free again, unless the server now allows fewer streams at once. Only
     * now: until the codec has closed it, the stream counts against the server's limit, and a stream opened in its
     * place would be refused.
     */
    private void closed(Http2Connection h2, int streamId) {
        H2Stream s = codec != null && codec.connection() == h2 ? byId.get(streamId) : null;
        if (s == null || s.state != H2Stream.State.DONE) {
            return; // another connection's, or in flight on a connection that is going: lost() files it
        }
        byId.remove(streamId);
        s.state = s.index < capacity ? H2Stream.State.IDLE : H2Stream.State.PARKED;
        if (s.isIdle()) {
            pool.idle(s);
        }
    }

    /** Tells the session when Netty closes a stream of one connection. */
    private final class Closes extends Http2ConnectionAdapter {
        private final Http2Connection h2;

        Closes(Http2Connection h2) {
            this.h2 = h2;
        }

        @Override
        public void onStreamClosed(Http2Stream stream) {
            closed(h2, stream.id());
        }
    }

    @Override
    public void read(ChannelHandlerContext ctx, Object msg) {
        reading = true;
        ctx.fireChannelRead(msg); // the codec decodes it: answers complete, freed streams send their next request
    }

    @Override
    public void readComplete(ChannelHandlerContext ctx) {
        ctx.fireChannelReadComplete();
        reading = false;
        flushIfNeeded();
    }

    private void flushIfNeeded() {
        if (unflushed && codecContext != null) {
            unflushed = false;
            codecContext.flush();
        }
    }

    /**
     * Sends {@code request} on a new stream for {@code s}; returns its stream id. Inside a read the flush waits for
     * the read's end, so that the requests freed streams send go out together.
     */
    int open(H2Stream s, BenchRequest request) {
        int streamId = codec.connection().local().incrementAndGetNextStreamId();
        if (streamId < 0) { // the connection's stream ids are spent: a new connection (the stream fails with it)
            connection.reconnect();
            return 0;
        }
        ByteBuf body = request.body() == null || request.body().length() == 0 ? null
                : Unpooled.wrappedBuffer(request.body().getBytes());
        byId.put(streamId, s);
        codec.encoder().writeHeaders(codecContext, streamId, headers.of(request, body == null ? -1 : body.readableBytes()), 0,
                body == null, codecContext.newPromise());
        if (body != null) {
            codec.encoder().writeData(codecContext, streamId, body, 0, true, codecContext.newPromise());
        }
        unflushed = true;
        if (!reading) {
            flushIfNeeded(); // sent from the pacer or at start: nothing else will flush it soon
        }
        return streamId;
    }

    /** Gives stream {@code s} up: RST_STREAM CANCEL, the connection kept (its late frames find no stream). */
    void cancel(H2Stream s) {
        codec.resetStream(codecContext, s.id, Http2Error.CANCEL.code(), codecContext.newPromise());
        codecContext.flush();
    }

    @Override
    public void lost(boolean endOfInput) {
        for (H2Stream s : streams) {
            if (s.inFlight()) {
                outcomes.failed(Tally.Failure.RESET);
            }
        }
        release();
    }

    @Override
    public void release() {
        for (H2Stream s : streams) {
            s.state = H2Stream.State.CLOSED;
        }
        byId.clear();
        capacity = 0;
        reading = false;
        unflushed = false;
        codec = null;
        codecContext = null;
    }

    // --- frames of the current channel, by stream; flow-control credit goes back as the data is read ------

    /** The stream {@code streamId} of the current channel, while its answer is awaited. */
    private H2Stream stream(ChannelHandlerContext ctx, int streamId) {
        H2Stream s = ctx == codecContext ? byId.get(streamId) : null;
        return s != null && s.inFlight() ? s : null;
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding, boolean endOfStream) {
        H2Stream s = stream(ctx, streamId);
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
        H2Stream s = stream(ctx, streamId);
        if (s != null) {
            s.data(bytes, endOfStream);
        }
        return bytes + padding;
    }

    @Override
    public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
        H2Stream s = stream(ctx, streamId);
        if (s != null) {
            s.reset();
        }
    }

    @Override
    public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
        if (ctx == codecContext) {
            connection.reconnect(); // the server is leaving: the streams in flight fail, a new connection opens
        }
    }
}
