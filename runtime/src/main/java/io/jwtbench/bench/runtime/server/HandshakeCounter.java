package io.jwtbench.bench.runtime.server;

import java.util.concurrent.atomic.LongAdder;

import javax.net.ssl.SSLEngine;

import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.internal.tcnative.SSL;

/**
 * One HTTPS listener's own count of the TLS handshakes it completed, full and resumed, as its engine says:
 * BoringSSL's {@code SSL_session_reused}; for the JDK's engine, a session older than its connection (a full
 * handshake creates its session, a resumption takes over the one its ticket names, with its creation time).
 * Counted on the event loop that completes each handshake; read by a run at its window's edges.
 */
public final class HandshakeCounter {
    private final LongAdder full = new LongAdder();
    private final LongAdder resumed = new LongAdder();

    /** The counts at one instant. */
    public record Snapshot(long full, long resumed) {
        /** What happened between {@code earlier} and this. */
        public Snapshot since(Snapshot earlier) {
            return new Snapshot(full - earlier.full, resumed - earlier.resumed);
        }
    }

    public Snapshot snapshot() {
        return new Snapshot(full.sum(), resumed.sum());
    }

    /** A handshake on {@code engine}, whose connection was accepted at {@code acceptedMillis} (wall clock), completed. */
    void completed(SSLEngine engine, long acceptedMillis) {
        if (resumed(engine, acceptedMillis)) {
            resumed.increment();
        } else {
            full.increment();
        }
    }

    private static boolean resumed(SSLEngine engine, long acceptedMillis) {
        if (engine instanceof ReferenceCountedOpenSslEngine openSsl) {
            synchronized (openSsl) { // the engine frees its SSL under this lock
                long ssl = openSsl.sslPointer();
                return ssl != 0 && SSL.isSessionReused(ssl);
            }
        }
        return engine.getSession().getCreationTime() < acceptedMillis;
    }
}
