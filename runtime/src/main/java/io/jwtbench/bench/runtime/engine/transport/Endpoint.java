package io.jwtbench.bench.runtime.engine.transport;

import java.security.cert.X509Certificate;
import java.util.List;

import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.server.HandshakeCounter;

/**
 * Where a run's connections go and how: the application's port on loopback, the transport, and for TLS the
 * certificates the generator trusts (the application's own, nothing else), the server's engine there and that
 * listener's own count of its handshakes (null where there is none).
 */
public record Endpoint(int port, Transport transport, List<X509Certificate> trusted, Transport.TlsEngine serverTlsEngine,
        HandshakeCounter serverHandshakes) {
    public Endpoint {
        trusted = List.copyOf(trusted);
        if (transport.tls() && trusted.isEmpty()) {
            throw new IllegalArgumentException("a TLS endpoint needs the certificate it trusts");
        }
    }

    /** An endpoint whose server says nothing about its engine or handshakes. */
    public Endpoint(int port, Transport transport, List<X509Certificate> trusted) {
        this(port, transport, trusted, null, null);
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
