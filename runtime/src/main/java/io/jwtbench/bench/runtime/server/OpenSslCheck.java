package io.jwtbench.bench.runtime.server;

import java.nio.ByteBuffer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

import io.jwtbench.bench.runtime.Causes;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.util.ReferenceCountUtil;

/**
 * Whether BoringSSL can serve HTTPS here with the given key material: its native library loads, and a handshake
 * of a BoringSSL server with that key against the JDK's client, in memory, completes. The key is only used the way
 * the server will use it; BoringSSL parses a private key when a handshake picks it, so only a handshake tells
 * whether it takes a key the JDK takes (an Ed448 or DSA key, for one, it does not).
 */
final class OpenSslCheck {
    /** Records of a handshake, both ways, with room to spare: a TLS 1.3 handshake is done in three or four. */
    private static final int MAX_STEPS = 64;

    private OpenSslCheck() {
    }

    /** Whether BoringSSL loads here, not whether it takes a given key. */
    static boolean loads() {
        return OpenSsl.isAvailable();
    }

    /** Why BoringSSL does not load here, in a few words; null when it does. */
    static String whyNotLoaded() {
        if (OpenSsl.isAvailable()) {
            return null;
        }
        Throwable cause = OpenSsl.unavailabilityCause();
        return "BoringSSL (netty-tcnative) does not load on this platform: "
                + (cause == null ? "no cause given" : cause.getClass().getSimpleName() + ": " + cause.getMessage());
    }

    /** The library's own version string ("BoringSSL"), for the start-up line. */
    static String version() {
        return OpenSsl.versionString();
    }

    /** Null when BoringSSL loads and completes a handshake with {@code keys}; else why not, in a sentence. */
    static String whyNot(KeyManagerFactory keys) {
        String notLoaded = whyNotLoaded();
        if (notLoaded != null) {
            return notLoaded;
        }
        String failed = handshakeProblem(keys, SslProvider.OPENSSL);
        return failed == null ? null : "BoringSSL cannot serve this certificate and key: " + failed;
    }

    /** Null when a server of {@code provider} with {@code keys} completes a handshake with the JDK's client; else why not. */
    static String handshakeProblem(KeyManagerFactory keys, SslProvider provider) {
        SSLEngine server = null;
        SSLEngine client = null;
        try {
            SslContext serverContext = SslContextBuilder.forServer(keys).sslProvider(provider).build();
            SslContext clientContext = SslContextBuilder.forClient().sslProvider(SslProvider.JDK)
                    .trustManager(InsecureTrustManagerFactory.INSTANCE).build(); // the key is on trial, not the chain
            server = serverContext.newEngine(UnpooledByteBufAllocator.DEFAULT);
            client = clientContext.newEngine(UnpooledByteBufAllocator.DEFAULT);
            handshake(client, server);
            return null;
        } catch (SSLException | RuntimeException e) {
            return Causes.inWords(e);
        } finally {
            ReferenceCountUtil.release(server);
            ReferenceCountUtil.release(client);
        }
    }

    private static void handshake(SSLEngine client, SSLEngine server) throws SSLException {
        client.beginHandshake();
        server.beginHandshake();
        ByteBuffer toServer = ByteBuffer.allocate(64 * 1024);
        ByteBuffer toClient = ByteBuffer.allocate(64 * 1024);
        ByteBuffer app = ByteBuffer.allocate(64 * 1024);
        for (int step = 0; step < MAX_STEPS; step++) {
            if (done(client) && done(server)) {
                return;
            }
            move(client, server, toServer, app);
            move(server, client, toClient, app);
        }
        throw new SSLException("the handshake did not complete in " + MAX_STEPS + " steps");
    }

    /** {@code from} writes what it has to say; {@code to} reads what it can, the rest waits in {@code wire}. */
    private static void move(SSLEngine from, SSLEngine to, ByteBuffer wire, ByteBuffer app) throws SSLException {
        runTasks(from);
        for (int produced = -1; produced != 0;) {
            int before = wire.position();
            from.wrap(ByteBuffer.allocate(0), wire);
            runTasks(from);
            produced = wire.position() - before;
        }
        wire.flip();
        while (wire.hasRemaining()) {
            app.clear();
            int before = wire.remaining();
            to.unwrap(wire, app);
            runTasks(to);
            if (wire.remaining() == before) {
                break;
            }
        }
        wire.compact();
    }

    private static void runTasks(SSLEngine engine) {
        for (Runnable task; (task = engine.getDelegatedTask()) != null;) {
            task.run();
        }
    }

    private static boolean done(SSLEngine engine) {
        HandshakeStatus s = engine.getHandshakeStatus();
        return s == HandshakeStatus.NOT_HANDSHAKING || s == HandshakeStatus.FINISHED;
    }
}
