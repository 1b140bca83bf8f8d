package io.jwtbench.bench.runtime.server;

import java.util.Optional;

import javax.net.ssl.KeyManagerFactory;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.plan.Transport.TlsEngine;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.KeyCertOptions;

/**
 * Picks the TLS engine of the application's HTTPS port as Quarkus builds its options
 * ({@code quarkus.bench.server-tls.engine}: {@code jdk}, {@code openssl} or {@code auto}), says which at start-up,
 * and counts that port's handshakes. Quarkus 3.37 has no setting for it; Vert.x takes the engine in the server's
 * options, which this customizer is handed before the server listens. BoringSSL is only chosen after it served a
 * handshake with the configured key (in memory), so a key it cannot use stops start-up here, not the first client.
 */
@Singleton
public class ServerTlsEngine implements HttpServerOptionsCustomizer {
    static final String PROPERTY = "quarkus.bench.server-tls.engine";
    private static final Logger LOG = Logger.getLogger(ServerTlsEngine.class);

    @Inject
    BenchConfig config;
    @Inject
    Vertx vertx;

    private final HandshakeCounter handshakes = new HandshakeCounter();
    private volatile Served served;
    /** Why BoringSSL cannot serve the HTTPS port's key ("" when it can); null until checked. */
    private volatile String openSslProblem;

    /**
     * The application's HTTPS port as it was set up: its engine, why, and its options after this customizer
     * (what a bench listener copies).
     */
    public record Served(TlsEngine engine, String why, HttpServerOptions options, HandshakeCounter handshakes) {
    }

    @Override
    public void customizeHttpsServer(HttpServerOptions options) {
        KeyCertOptions keys = options.getKeyCertOptions();
        if (keys == null) {
            return; // no certificate: Quarkus serves no HTTPS
        }
        BenchConfig.ServerTls.Engine asked = config.serverTls().engine();
        String problem = asked == BenchConfig.ServerTls.Engine.JDK ? null : OpenSslCheck.whyNot(keyManagers(keys));
        TlsEngine engine;
        String why;
        switch (asked) {
            case JDK -> {
                engine = TlsEngine.JDK;
                why = PROPERTY + "=jdk";
            }
            case OPENSSL -> {
                if (problem != null) {
                    throw new ConfigurationException(PROPERTY + "=openssl, but " + problem
                            + "; set " + PROPERTY + " to jdk or auto");
                }
                engine = TlsEngine.OPENSSL;
                why = PROPERTY + "=openssl, " + OpenSslCheck.version();
            }
            default -> {
                engine = problem == null ? TlsEngine.OPENSSL : TlsEngine.JDK;
                why = problem == null
                        ? PROPERTY + "=auto picks " + OpenSslCheck.version() + ": it loads, served a handshake with this"
                                + " certificate, and is the faster engine (docs/tls.md)"
                        : PROPERTY + "=auto falls back to the JDK's engine: " + problem;
            }
        }
        if (asked != BenchConfig.ServerTls.Engine.JDK) {
            openSslProblem = problem == null ? "" : problem;
        }
        options.setSslEngineOptions(CountedEngines.of(engine, handshakes, options.getSslEngineOptions()));
        served = new Served(engine, why, new HttpServerOptions(options), handshakes);
        LOG.infof("HTTPS TLS engine: %s (%s)", engine.jsonName(), why);
    }

    /** The HTTPS port's set-up; empty until Quarkus built its options, and without HTTPS. */
    public Optional<Served> served() {
        return Optional.ofNullable(served);
    }

    /** Why BoringSSL cannot serve the HTTPS port's key, null when it can (checked once, then known). */
    public String openSslProblem() {
        Served s = served;
        if (s == null) {
            return OpenSslCheck.whyNotLoaded();
        }
        String problem = openSslProblem;
        if (problem == null) {
            String found = OpenSslCheck.whyNot(keyManagers(s.options().getKeyCertOptions()));
            openSslProblem = problem = found == null ? "" : found;
        }
        return problem.isEmpty() ? null : problem;
    }

    private KeyManagerFactory keyManagers(KeyCertOptions keys) {
        try {
            return keys.getKeyManagerFactory(vertx);
        } catch (Exception e) {
            throw new ConfigurationException("the HTTPS key material cannot be read: " + e.getMessage(), e);
        }
    }
}
