package io.jwtbench.bench.runtime.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.engine.transport.TlsClient;
import io.jwtbench.bench.runtime.plan.Protocol;
import io.jwtbench.bench.runtime.plan.ServerCertificate;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.plan.Transport.TlsEngine;
import io.jwtbench.bench.runtime.server.BenchListeners;
import io.jwtbench.bench.runtime.server.HandshakeCounter;
import io.jwtbench.bench.runtime.server.QuarkusHttpConfig;
import io.jwtbench.bench.runtime.server.ServerTlsEngine;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.quarkus.vertx.http.HttpServer;

/**
 * What this application serves to the bench, beyond plain HTTP/1.1: whether it speaks HTTP/2 and how many
 * streams per connection it allows (a spec asking for more is refused before it starts; a running HTTP/2
 * connection follows the server's SETTINGS whatever they say), and what a TLS run connects to: the HTTPS port it actually listens on, and the certificates
 * its server presents, read from the same configuration the server reads (the TLS registry configuration
 * {@code quarkus.http.tls-configuration-name} names, else the registry's default, else the legacy
 * {@code quarkus.http.ssl.certificate.files}). The generator trusts those certificates and nothing else:
 * no CA, no trust-all, so a run never talks TLS to anything but this application. A run that asks for the other
 * server engine, or a certificate of a given key type, loads one of the bench's own loopback listeners
 * ({@link BenchListeners}) instead.
 */
@Singleton
public class ServerTransports {
    /** Where to read about it, in every refusal. */
    private static final String HOW = "serve HTTPS first: quarkus.http.ssl-port and a certificate through the TLS registry"
            + " (quarkus.tls.key-store.pem.0.cert and quarkus.tls.key-store.pem.0.key; application.properties shows a"
            + " one-line development certificate)";

    @Inject
    Instance<HttpServer> server;
    @Inject
    Instance<TlsConfigurationRegistry> registry;
    @Inject
    ServerTlsEngine serverEngine;
    @Inject
    BenchListeners listeners;
    @Inject
    BenchConfig config;

    /**
     * The endpoint a TLS run loads.
     *
     * @param engine the server's TLS engine there
     * @param handshakes that listener's own count of its handshakes; null when it has none
     */
    public record Https(int port, List<X509Certificate> certificates, TlsEngine engine, HandshakeCounter handshakes) {
    }

    /**
     * Refuses a transport this application cannot serve (a 400 naming the field): HTTP/2 when the server has it
     * off, more streams than it allows, TLS without an HTTPS port or a certificate the bench can read, and an
     * OpenSSL engine whose native library does not load here.
     */
    public void check(Transport transport) {
        if (transport.protocol() == Protocol.H2) {
            if (!QuarkusHttpConfig.http().http2()) {
                throw new SpecException("protocol", "this application has HTTP/2 off (quarkus.http.http2=false)");
            }
            // what the server will put in its SETTINGS (Quarkus sets no limit unless configured): refused here
            // rather than capped by them once the run goes
            long allowed = QuarkusHttpConfig.http().limits().maxConcurrentStreams().orElse(Long.MAX_VALUE);
            if (transport.streams() > allowed) {
                throw new SpecException("streams", "the server allows at most " + allowed + " concurrent streams per"
                        + " connection (quarkus.http.limits.max-concurrent-streams), got " + transport.streams());
            }
        }
        if (!transport.tls()) {
            return;
        }
        https();
        if (transport.tlsEngine() == Transport.TlsEngine.OPENSSL && !TlsClient.openSslAvailable()) {
            throw new SpecException("tlsEngine", "BoringSSL (netty-tcnative) does not load on this platform ("
                    + TlsClient.openSslUnavailability() + "); use \"jdk\"");
        }
        TlsEngine served = applicationEngine();
        TlsEngine wanted = transport.serverTlsEngine() == null ? served : transport.serverTlsEngine();
        if (wanted == TlsEngine.OPENSSL) {
            String problem = transport.certificate() == ServerCertificate.APPLICATION ? serverEngine.openSslProblem()
                    : TlsClient.openSslAvailable() ? null : TlsClient.openSslUnavailability();
            if (problem != null) {
                throw new SpecException("serverTlsEngine", "this application cannot serve HTTPS with openssl: " + problem
                        + "; use \"jdk\"");
            }
        }
        if (needsListener(transport, served) && !config.serverTls().benchListeners()) {
            throw new SpecException(wanted != served ? "serverTlsEngine" : "certificate", "this application's HTTPS port"
                    + " serves " + served.jsonName() + " with its own certificate, and the bench's loopback listeners that"
                    + " serve another engine or certificate are off (quarkus.bench.server-tls.bench-listeners=false)");
        }
    }

    /**
     * The HTTPS endpoint a TLS run of {@code transport} loads: the application's port, or the bench's listener with
     * the server engine or certificate the transport asks for (opened now if it is not yet: not on an event loop).
     */
    public Https https(Transport transport) {
        Https application = https();
        if (!needsListener(transport, application.engine())) {
            return application;
        }
        TlsEngine wanted = transport.serverTlsEngine() == null ? application.engine() : transport.serverTlsEngine();
        BenchListeners.Listener l = listeners.listener(wanted, transport.certificate(), application.certificates());
        // the application's certificate as it is now: a reload changes it on the listener too
        return new Https(l.port(), transport.certificate() == ServerCertificate.APPLICATION ? application.certificates()
                : l.certificates(), l.engine(), l.handshakes());
    }

    private static boolean needsListener(Transport transport, TlsEngine served) {
        return transport.certificate() != ServerCertificate.APPLICATION
                || transport.serverTlsEngine() != null && transport.serverTlsEngine() != served;
    }

    /** The engine of the application's HTTPS port (the JDK's where the bench did not set it up). */
    private TlsEngine applicationEngine() {
        return serverEngine.served().map(ServerTlsEngine.Served::engine).orElse(TlsEngine.JDK);
    }

    /** @throws SpecException on field {@code tls} when the application serves no HTTPS the bench can trust */
    private Https https() {
        int port = port();
        if (port <= 0) {
            throw new SpecException("tls", "this application has no HTTPS port: " + HOW);
        }
        List<X509Certificate> certificates;
        try {
            certificates = certificates();
        } catch (GeneralSecurityException | IOException e) {
            throw new SpecException("tls", "the application's server certificate cannot be read (" + e.getMessage() + ")");
        }
        if (certificates.isEmpty()) {
            throw new SpecException("tls", "no server certificate found in the application's configuration: " + HOW);
        }
        return new Https(port, certificates, applicationEngine(),
                serverEngine.served().map(ServerTlsEngine.Served::handshakes).orElse(null));
    }

    private int port() {
        int port = server.isResolvable() ? server.get().getSecurePort() : -1;
        if (port > 0 || !hasServerCertificate()) {
            return port;
        }
        // before the server published its port: the configured one, for the launch mode
        return QuarkusHttpConfig.http().determineSslPort(LaunchMode.current());
    }

    private boolean hasServerCertificate() {
        try {
            return !certificates().isEmpty();
        } catch (GeneralSecurityException | IOException e) {
            return false;
        }
    }

    /** The certificates the HTTPS server presents: each key entry's own certificate (the chain's first). */
    private List<X509Certificate> certificates() throws GeneralSecurityException, IOException {
        Optional<TlsConfiguration> tls = Optional.empty();
        if (registry.isResolvable()) {
            Optional<String> name = QuarkusHttpConfig.http().tlsConfigurationName();
            tls = name.isPresent() ? registry.get().get(name.get()) : registry.get().getDefault();
        }
        KeyStore keys = tls.map(TlsConfiguration::getKeyStore).orElse(null);
        List<X509Certificate> out = new ArrayList<>();
        if (keys != null) {
            for (String alias : Collections.list(keys.aliases())) {
                Certificate[] chain = keys.isKeyEntry(alias) ? keys.getCertificateChain(alias) : null;
                if (chain != null && chain.length > 0 && chain[0] instanceof X509Certificate c) {
                    out.add(c);
                }
            }
            return out;
        }
        for (Path file : QuarkusHttpConfig.http().ssl().certificate().files().orElse(List.of())) {
            try (InputStream in = Files.newInputStream(file)) {
                Certificate first = CertificateFactory.getInstance("X.509").generateCertificates(in).stream().findFirst()
                        .orElse(null);
                if (first instanceof X509Certificate c) {
                    out.add(c);
                }
            }
        }
        return out;
    }
}
