package io.jwtbench.bench.runtime.engine.transport;

import java.io.IOException;
import java.nio.channels.SocketChannel;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * A Netty NIO socket channel with the generator's hot path cut short, the way wrk talks to its
 * sockets: a readable socket is read into its event loop's one read buffer, which goes straight to
 * the connection's {@link Http1Session} (no buffer per read, no pipeline), and a request is written straight to
 * the socket when nothing is queued (no outbound buffer entry, no pipeline). Connecting, closing,
 * events and the rare partial write stay with Netty.
 */
final class BenchChannel extends NioSocketChannel {
    /** One read takes at most this; a fuller socket is read again at once. */
    static final int READ_BUFFER_BYTES = 16 * 1024;
    /** Reads per readiness at most, then the loop serves other channels (like Netty's 16). */
    private static final int MAX_READS = 16;

    private final Http1Session session;
    /** The loop's one read buffer, shared by its channels ({@link GeneratorClient}). */
    private final ByteBuf readBuffer;

    BenchChannel(Http1Session session, ByteBuf readBuffer) {
        this.session = session;
        this.readBuffer = readBuffer;
    }

    @Override
    protected AbstractNioUnsafe newUnsafe() {
        return new DirectUnsafe();
    }

    /**
     * Sends {@code buf}'s readable bytes; the caller keeps its reference (Netty takes one of its own
     * if the socket does not take everything at once). On the channel's event loop only.
     */
    void writeNow(ByteBuf buf) {
        ChannelOutboundBuffer queued = unsafe().outboundBuffer();
        if (queued == null) {
            return; // closed: channelInactive tells the connection
        }
        if (queued.isEmpty()) {
            try {
                int n = javaChannel().write(buf.internalNioBuffer(buf.readerIndex(), buf.readableBytes()));
                buf.skipBytes(n);
            } catch (IOException e) {
                pipeline().fireExceptionCaught(e);
                return;
            }
            if (!buf.isReadable()) {
                return;
            }
        }
        writeAndFlush(buf.retainedSlice(), voidPromise()); // the rest when the socket is writable again
    }

    private final class DirectUnsafe extends AbstractNioUnsafe {
        @Override
        public void read() {
            ByteBuf buf = readBuffer;
            SocketChannel socket = javaChannel();
            try {
                for (int reads = 0; reads < MAX_READS; reads++) {
                    buf.clear();
                    int n = buf.writeBytes(socket, READ_BUFFER_BYTES);
                    if (n < 0) {
                        close(voidPromise()); // end of stream: channelInactive tells the connection
                        return;
                    }
                    if (n == 0) {
                        return;
                    }
                    session.received(BenchChannel.this, buf);
                    if (n < READ_BUFFER_BYTES || !isActive()) {
                        return; // drained (or the connection closed it)
                    }
                }
            } catch (IOException e) {
                pipeline().fireExceptionCaught(e); // the connection closes; channelInactive follows
            }
        }
    }
}
