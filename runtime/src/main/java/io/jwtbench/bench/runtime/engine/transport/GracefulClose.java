package io.jwtbench.bench.runtime.engine.transport;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.ssl.SslHandler;

/**
 * How the generator ends a connection when a run is over: it closes its side only (an HTTP/2 GOAWAY, a TLS
 * close_notify, then a TCP FIN) and lets the server close its own, so that the channel closes when the server's
 * FIN arrives. Until then the server is still reading the close and releasing the connection: the run waits for
 * that ({@link Generator#close}), so the next run's measured window holds none of it.
 */
final class GracefulClose {
    private GracefulClose() {
    }

    /** Starts closing {@code ch}'s side; its close future completes when the server has closed too. From any thread. */
    static void begin(Channel ch) {
        if (ch.eventLoop().inEventLoop()) {
            halfClose(ch);
        } else {
            ch.eventLoop().execute(() -> halfClose(ch));
        }
    }

    private static void halfClose(Channel ch) {
        if (!ch.isActive() || !(ch instanceof SocketChannel socket)) {
            ch.close(); // not connected (yet): nothing on the server's side to wait for
            return;
        }
        if (socket.isOutputShutdown()) {
            return; // already closing
        }
        Http2ConnectionHandler h2 = ch.pipeline().get(Http2ConnectionHandler.class);
        if (h2 != null) { // the codec joins once the connection is up, its preface sent: HTTP/2 says goodbye first
            ChannelHandlerContext ctx = ch.pipeline().context(h2);
            h2.goAway(ctx, h2.connection().remote().lastStreamCreated(), Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER,
                    ctx.newPromise());
            ctx.flush();
        }
        SslHandler ssl = ch.pipeline().get(SslHandler.class);
        if (ssl != null && ssl.handshakeFuture().isSuccess()) {
            ssl.closeOutbound().addListener(sent -> socket.shutdownOutput()); // close_notify, then FIN
        } else {
            socket.shutdownOutput(); // mid-handshake too: the server reads the end of the stream and closes
        }
    }
}
