package io.jwtbench.bench.runtime.engine.transport;

import java.security.cert.X509Certificate;
import java.util.List;

import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.server.HandshakeCounter;

/**
 * Where a run's connections go and how: the application's port on loopback, the transport, for TLS the
 * certificates the generator trusts (the application's own, nothing else), the server's engine there and that
 * listener's own count of its handshakes (null where there is none), and the server's event loops, which a run
 * waits for once its connections are closed.
 */
public record Endpoint(int port, Transport transport, List<X509Certificate> trusted, Transport.TlsEngine serverTlsEngine,
        HandshakeCounter serverHandshakes, ServerLoops server) {
    public Endpoint {
        trusted = List.copyOf(trusted);
        if (transport.tls() && trusted.isEmpty()) {
            throw new IllegalArgumentException("a TLS endpoint needs the certificate it trusts");
        }
    }

    /** A server that says nothing about its engine or handshakes, and whose event loops are not this process's to wait for. */
    public Endpoint(int port, Transport transport, List<X509Certificate> trusted) {
        this(port, transport, trusted, null, null, ServerLoops.NONE);
    }

    /** A plain HTTP/1.1 endpoint with keep-alive. */
    public static Endpoint plain(int port) {
        return new Endpoint(port, Transport.PLAIN, List.of());
    }

    /** The URL of {@code path} on this endpoint, for reports. */
    public String url(String path) {
        return (transport.tls() ? "https" : "http") + "://" + RunTransport.HOST + ":" + port + path;
    }
}
