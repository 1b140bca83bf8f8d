package io.jwtbench.bench.runtime.engine.transport;

import java.security.cert.X509Certificate;
import java.util.List;

import io.jwtbench.bench.runtime.plan.Transport;

/**
 * Where a run's connections go and how: the application's port on loopback, the transport, for TLS the
 * certificates the generator trusts (the application's own, nothing else), and the server's event loops, which
 * a run waits for once its connections are closed.
 */
public record Endpoint(int port, Transport transport, List<X509Certificate> trusted, ServerLoops server) {
    public Endpoint {
        trusted = List.copyOf(trusted);
        if (transport.tls() && trusted.isEmpty()) {
            throw new IllegalArgumentException("a TLS endpoint needs the certificate it trusts");
        }
    }

    /** A server whose event loops are not this process's to wait for. */
    public Endpoint(int port, Transport transport, List<X509Certificate> trusted) {
        this(port, transport, trusted, ServerLoops.NONE);
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
