package io.jwtbench.bench.runtime.engine.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;

/**
 * Reads the server's first TLS records as they pass to the {@code SslHandler}, still in the clear, for what neither
 * engine's API tells: whether the server resumed a session (TLS 1.3: its hello accepts a pre-shared key; TLS 1.2: no
 * certificate follows its hello) and the key exchange group it chose (TLS 1.3: its hello's key_share; TLS 1.2: its
 * ECDHE ServerKeyExchange). It forwards every byte untouched and leaves the pipeline once it knows, so a connection
 * pays for it during its handshake only. What it learnt is on the channel ({@link #resumed}).
 */
final class ServerHelloPeek extends ChannelInboundHandlerAdapter {
    /** What a server's hello said, for the whole run (every connection of a run negotiates the same). */
    static final class Seen {
        private volatile String group;

        /** The key exchange group, null until a hello named one. */
        String group() {
            return group;
        }
    }

    /** Whether the server resumed a session on this channel; null until its hello said. */
    private static final AttributeKey<Boolean> RESUMED = AttributeKey.valueOf("jwt-bench.tls.resumed");
    /** More than a server's first flight before its certificate; past this, give up. */
    private static final int MAX_BYTES = 16 * 1024;
    private static final int CHANGE_CIPHER_SPEC = 20;
    private static final int HANDSHAKE = 22;
    private static final int SERVER_HELLO = 2;
    private static final int CERTIFICATE = 11;
    private static final int SERVER_KEY_EXCHANGE = 12;
    private static final int SERVER_HELLO_DONE = 14;
    private static final int PRE_SHARED_KEY = 0x0029;
    private static final int SUPPORTED_VERSIONS = 0x002b;
    private static final int KEY_SHARE = 0x0033;
    private static final int TLS_1_3 = 0x0304;
    /** A HelloRetryRequest is a ServerHello whose random is SHA-256("HelloRetryRequest") (RFC 8446 4.1.3); this is its start. */
    private static final long RETRY_RANDOM_START = 0xCF21AD74E59A6111L;

    private final Seen seen;
    private final ByteBuf records = Unpooled.buffer(512);
    private final ByteBuf handshake = Unpooled.buffer(512);
    private boolean hello;
    private Boolean resumed;

    ServerHelloPeek(Seen seen) {
        this.seen = seen;
    }

    /** What the server's hello on {@code channel} said about resumption: false where it was not seen. */
    static boolean resumed(Channel channel) {
        return Boolean.TRUE.equals(channel.attr(RESUMED).get());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf in) {
            records.writeBytes(in, in.readerIndex(), Math.min(in.readableBytes(), MAX_BYTES - records.writerIndex()));
            if (done() || records.writerIndex() >= MAX_BYTES) {
                ctx.channel().attr(RESUMED).set(resumed);
                ctx.pipeline().remove(this);
            }
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        records.release();
        handshake.release();
    }

    /** Whether there is nothing more to learn from the records read so far. */
    private boolean done() {
        while (records.readableBytes() >= 5) {
            int type = records.getUnsignedByte(records.readerIndex());
            int length = records.getUnsignedShort(records.readerIndex() + 3);
            if (records.readableBytes() < 5 + length) {
                return false; // the rest of the record comes with the next read
            }
            if (type == CHANGE_CIPHER_SPEC && !hello) { // TLS 1.3's, for middleboxes, after a HelloRetryRequest
                records.skipBytes(5 + length);
                continue;
            }
            if (type != HANDSHAKE) {
                if (hello && resumed == null) {
                    resumed = true; // TLS 1.2: straight from the hello to ChangeCipherSpec, no certificate: abbreviated
                }
                return true; // from here on, nothing more in the clear
            }
            handshake.writeBytes(records, records.readerIndex() + 5, length);
            records.skipBytes(5 + length);
            if (messages()) {
                return true;
            }
        }
        return false;
    }

    /** Reads the complete handshake messages so far; whether that says all there is to learn. */
    private boolean messages() {
        while (handshake.readableBytes() >= 4) {
            int at = handshake.readerIndex();
            int type = handshake.getUnsignedByte(at);
            int length = handshake.getUnsignedMedium(at + 1);
            if (handshake.readableBytes() < 4 + length) {
                return false;
            }
            handshake.skipBytes(4 + length);
            ByteBuf body = handshake.slice(at + 4, length);
            if (type == SERVER_HELLO && serverHello(body)) {
                return true;
            }
            if (type == CERTIFICATE) {
                resumed = false; // TLS 1.2: a full handshake; its ServerKeyExchange may follow
            } else if (type == SERVER_KEY_EXCHANGE && length >= 3 && body.getUnsignedByte(0) == 3) {
                seen.group = name(body.getUnsignedShort(1)); // ECDHE with a named curve
                return true;
            } else if (type == SERVER_HELLO_DONE) {
                return true;
            }
        }
        return false;
    }

    /** Reads a ServerHello; true when it said all there is (TLS 1.3), false for TLS 1.2 and a HelloRetryRequest. */
    private boolean serverHello(ByteBuf body) {
        if (body.readableBytes() < 38 || body.getLong(2) == RETRY_RANDOM_START) {
            return false;
        }
        hello = true;
        int at = 2 + 32;
        at += 1 + body.getUnsignedByte(at); // session id
        at += 2 + 1; // cipher suite, compression
        if (body.readableBytes() < at + 2) {
            return false; // no extensions: TLS 1.2 or older
        }
        boolean tls13 = false;
        boolean psk = false;
        String group = null;
        int end = Math.min(body.readableBytes(), at + 2 + body.getUnsignedShort(at));
        for (at += 2; at + 4 <= end; at += 4 + body.getUnsignedShort(at + 2)) {
            int type = body.getUnsignedShort(at);
            int length = body.getUnsignedShort(at + 2);
            if (type == SUPPORTED_VERSIONS && length >= 2) {
                tls13 = body.getUnsignedShort(at + 4) == TLS_1_3;
            } else if (type == PRE_SHARED_KEY) {
                psk = true;
            } else if (type == KEY_SHARE && length >= 2) {
                group = name(body.getUnsignedShort(at + 4));
            }
        }
        if (!tls13) {
            return false;
        }
        resumed = psk;
        if (group != null) {
            seen.group = group;
        }
        return true;
    }

    /** The IANA name of a TLS group (RFC 8446, RFC 7919, draft-ietf-tls-ecdhe-mlkem). */
    static String name(int group) {
        return switch (group) {
            case 0x0017 -> "secp256r1";
            case 0x0018 -> "secp384r1";
            case 0x0019 -> "secp521r1";
            case 0x001d -> "x25519";
            case 0x001e -> "x448";
            case 0x0100 -> "ffdhe2048";
            case 0x0101 -> "ffdhe3072";
            case 0x0102 -> "ffdhe4096";
            case 0x11eb -> "SecP256r1MLKEM768";
            case 0x11ec -> "X25519MLKEM768";
            case 0x11ed -> "SecP384r1MLKEM1024";
            default -> String.format("0x%04x", group);
        };
    }
}
