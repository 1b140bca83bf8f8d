package io.jwtbench.bench.runtime.jfr;

import java.util.List;

/**
 * The frames that tell where a transport's work is in a stack: a TLS handshake's own, the hand-off from one Netty
 * pipeline handler to the next, and the generator's pipeline paths (the ones its plain channel cuts short).
 */
final class TransportFrames {
    /**
     * Frames that only run while a TLS handshake does: JSSE's handshake messages and delegated tasks, Netty's
     * handshake driver, BoringSSL's {@code SSL_do_handshake}.
     */
    private static final List<String> HANDSHAKE_FRAMES = List.of("sun.security.ssl.SSLHandshake",
            "sun.security.ssl.HandshakeContext", "sun.security.ssl.ClientHandshakeContext",
            "sun.security.ssl.ServerHandshakeContext", "sun.security.ssl.ClientHello", "sun.security.ssl.ServerHello",
            "sun.security.ssl.CertificateMessage", "sun.security.ssl.CertificateVerify", "sun.security.ssl.Finished",
            "sun.security.ssl.KeyShare", "sun.security.ssl.PreSharedKeyExtension", "sun.security.ssl.NewSessionTicket",
            "sun.security.ssl.EncryptedExtensions", "sun.security.ssl.SSLEngineImpl$DelegatedTask",
            "sun.security.ssl.TransportContext.kickstart", "io.netty.handler.ssl.SslHandler.runAllDelegatedTasks",
            "io.netty.handler.ssl.SslHandler$SslTasksRunner", "io.netty.handler.ssl.SslHandler.handshake",
            "io.netty.handler.ssl.ReferenceCountedOpenSslEngine.handshake", "io.netty.internal.tcnative.SSL.doHandshake");

    /**
     * Where one pipeline handler passes an event or a write to the next: work beyond it is the next handler's (the
     * HTTP codec's, the socket's), not that of the handler that called it.
     */
    private static final List<String> HAND_OFF_FRAMES = List.of("io.netty.channel.AbstractChannelHandlerContext.",
            "io.netty.channel.DefaultChannelPipeline.", "io.netty.channel.CombinedChannelDuplexHandler.");

    /**
     * Netty's own channel paths that the generator's plain HTTP/1.1 channel cuts short (its reads and writes go
     * straight between the socket and the connection): a generator sample in them is the price of the pipeline that
     * TLS or HTTP/2 needs.
     */
    private static final List<String> GENERATOR_PIPELINE_FRAMES = List.of("io.netty.channel.AbstractChannelHandlerContext.",
            "io.netty.channel.nio.AbstractNioByteChannel$NioByteUnsafe.read", "io.netty.channel.AbstractChannel$AbstractUnsafe.flush0",
            "io.netty.channel.ChannelOutboundBuffer");

    /** The socket and the selector themselves: a plain connection pays these as much, so they stay network I/O. */
    private static final String SOCKET_FRAMES = "sun.nio.";

    private TransportFrames() {
    }

    /** Whether a handshake frame is on the stack. */
    static boolean handshake(List<String> leafFirst) {
        return leafFirst.stream().anyMatch(f -> HANDSHAKE_FRAMES.stream().anyMatch(f::startsWith));
    }

    /** Whether {@code frame} passes an event or a write on to the next handler. */
    static boolean handOff(String frame) {
        return HAND_OFF_FRAMES.stream().anyMatch(frame::startsWith);
    }

    /** Whether a generator's sample is in Netty's pipeline paths, not inside a socket or selector call. */
    static boolean generatorPipeline(List<String> leafFirst) {
        for (String f : leafFirst) {
            if (f.startsWith(SOCKET_FRAMES)) {
                return false; // a sun.nio. frame nearer than any of Netty's: the socket's own work
            }
            if (f.startsWith("io.netty.")) {
                break;
            }
        }
        return leafFirst.stream().anyMatch(f -> GENERATOR_PIPELINE_FRAMES.stream().anyMatch(f::startsWith));
    }
}
