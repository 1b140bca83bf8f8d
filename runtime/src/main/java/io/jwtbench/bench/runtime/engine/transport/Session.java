package io.jwtbench.bench.runtime.engine.transport;

import io.jwtbench.bench.runtime.plan.Protocol;
import io.netty.channel.ChannelHandlerContext;

/**
 * What speaks HTTP on a {@link Connection}, once it is up: an {@link Http1Session} (one request at a time, parsed
 * in place) or an {@link Http2Session} (concurrent streams on Netty's HTTP/2 codec), as nghttp2's h2load has a
 * {@code Session} behind its {@code Client}. The connection owns the channel, its connect, reconnect and TLS
 * handshake; the session the exchanges, through its {@link Slot}s. Created once per connection for the run's
 * protocol, which ALPN must confirm; it outlives the connection's channels. Touched only by its pool's event loop.
 */
interface Session {
    /** The protocol it speaks: the one ALPN must agree on. */
    Protocol protocol();

    /** Where the pool hands it requests: itself over HTTP/1.1, one per stream over HTTP/2. Made once. */
    Slot[] slots();

    /** The connection is up on {@code ctx}'s channel (TCP, and for TLS the handshake): it tells the pool what is free. */
    void up(ChannelHandlerContext ctx);

    /** What the channel read (bytes for HTTP/1.1, which keeps none of it; frames go through the codec for HTTP/2). */
    void read(ChannelHandlerContext ctx, Object msg);

    /** The channel's read is over: what the answers freed goes out now, together. */
    void readComplete(ChannelHandlerContext ctx);

    /**
     * The connection is gone: requests in flight are filed as failed (an HTTP/1.1 body delimited by the close is
     * complete when {@code endOfInput}, the server having closed it), nothing is free until it is up again.
     */
    void lost(boolean endOfInput);

    /** Run over: nothing is filed any more, buffers go back (the generator closes the channel). */
    void release();
}
