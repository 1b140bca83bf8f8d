package io.jwtbench.bench.runtime.server;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.plan.ServerCertificate;
import io.jwtbench.bench.runtime.plan.Transport.TlsEngine;
import io.netty.channel.MultithreadEventLoopGroup;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.tls.CertificateUpdatedEvent;
import io.quarkus.vertx.http.runtime.VertxHttpRecorder;
import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.impl.VertxInternal;

/**
 * The bench's own HTTPS listeners, for a run that asks for the server engine the application's port does not have
 * or for a certificate of a given key type: the application's routes (Quarkus' root handler, so its filters and
 * security too) behind a copy of its HTTPS options (ALPN, HTTP/2 settings, limits, timeouts) with that engine and
 * certificate, on 127.0.0.1 only, one server per event loop as Quarkus' own. Opened at the first run that asks,
 * kept until shutdown; one that serves the application's certificate follows its reloads, as Quarkus' port does.
 * Both engines then run in one JVM, warmed alike, so a compare can alternate them round by round.
 */
@Singleton
public class BenchListeners {
    /**
     * Vert.x binds a negative port to one random port shared by all servers that listen with that number, so each
     * listener's servers get a number of their own, below the ones Quarkus uses (-1 to -3).
     */
    private static final int FIRST_SHARED_RANDOM_PORT = -100;
    private static final String LOOPBACK = "127.0.0.1";
    private static final Logger LOG = Logger.getLogger(BenchListeners.class);

    @Inject
    Vertx vertx;
    @Inject
    ServerTlsEngine https;

    private final Map<String, Listener> open = new ConcurrentHashMap<>();

    /**
     * One open listener.
     *
     * @param certificates what it presents (the generator trusts these and nothing else)
     */
    public record Listener(int port, TlsEngine engine, ServerCertificate certificate, List<X509Certificate> certificates,
            HandshakeCounter handshakes, List<HttpServer> servers, String deployment) {
    }

    /**
     * The listener with {@code engine} and {@code certificate}, opened now if it is not yet: blocks until it listens,
     * so never on an event loop.
     *
     * @param applicationCertificates what the application's port presents, for {@link ServerCertificate#APPLICATION}
     */
    public synchronized Listener listener(TlsEngine engine, ServerCertificate certificate,
            List<X509Certificate> applicationCertificates) {
        String key = engine.jsonName() + "/" + certificate.jsonName;
        Listener l = open.get(key);
        if (l == null) {
            l = start(engine, certificate, applicationCertificates);
            open.put(key, l);
            LOG.infof("bench HTTPS listener %s:%d: TLS engine %s, %s certificate", LOOPBACK, l.port(), engine.jsonName(),
                    certificate.jsonName);
        }
        return l;
    }

    private Listener start(TlsEngine engine, ServerCertificate certificate, List<X509Certificate> applicationCertificates) {
        ServerTlsEngine.Served served = https.served()
                .orElseThrow(() -> new IllegalStateException("the application serves no HTTPS to copy"));
        HttpServerOptions options = new HttpServerOptions(served.options()).setHost(LOOPBACK)
                .setPort(FIRST_SHARED_RANDOM_PORT - open.size());
        HandshakeCounter handshakes = new HandshakeCounter();
        options.setSslEngineOptions(CountedEngines.of(engine, handshakes, served.options().getSslEngineOptions()));
        List<X509Certificate> presented = applicationCertificates;
        if (certificate != ServerCertificate.APPLICATION) {
            BenchCertificate made = BenchCertificate.of(certificate);
            options.setKeyCertOptions(made.pem()).setSni(false);
            presented = List.of(made.certificate());
        }
        List<HttpServer> servers = new CopyOnWriteArrayList<>();
        var root = VertxHttpRecorder.getRootHandler();
        try {
            String deployment = vertx.deployVerticle(() -> new AbstractVerticle() {
                @Override
                public void start(Promise<Void> started) {
                    HttpServer server = vertx.createHttpServer(options).requestHandler(root);
                    servers.add(server);
                    server.listen().<Void> mapEmpty().onComplete(started);
                }
            }, new DeploymentOptions().setInstances(instances())).toCompletionStage().toCompletableFuture()
                    .get(30, TimeUnit.SECONDS);
            return new Listener(servers.get(0).actualPort(), engine, certificate, List.copyOf(presented), handshakes,
                    List.copyOf(servers), deployment);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the bench's HTTPS listener (" + engine.jsonName() + ", " + certificate.jsonName
                    + ") did not start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the bench's HTTPS listener started", e);
        }
    }

    /** As many servers as Quarkus starts on its own port: one per I/O thread. */
    private int instances() {
        return QuarkusHttpConfig.http().ioThreads()
                .orElseGet(() -> ((VertxInternal) vertx).getEventLoopGroup() instanceof MultithreadEventLoopGroup g
                        ? g.executorCount() : 1);
    }

    /** The application's certificate was reloaded (the TLS registry's event): its listeners present the new one too. */
    void onCertificateUpdate(@Observes CertificateUpdatedEvent event) throws InterruptedException {
        String name = QuarkusHttpConfig.http().tlsConfigurationName()
                .orElse(io.quarkus.tls.runtime.config.TlsConfig.DEFAULT_NAME);
        if (!name.equals(event.name())) {
            return;
        }
        for (Listener l : open.values()) {
            if (l.certificate() != ServerCertificate.APPLICATION) {
                continue;
            }
            for (HttpServer server : l.servers()) {
                try {
                    server.updateSSLOptions(event.tlsConfiguration().getSSLOptions()).toCompletionStage().toCompletableFuture()
                            .get(30, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    LOG.errorf(e, "bench HTTPS listener %d: the reloaded certificate was not taken, keeping the current one",
                            l.port());
                }
            }
        }
    }

    void onStop(@Observes ShutdownEvent stop) {
        open.values().forEach(l -> vertx.undeploy(l.deployment()));
        open.clear();
    }
}
