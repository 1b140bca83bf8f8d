package io.jwtbench.bench.runtime.server;

import java.util.List;
import java.util.Set;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

import io.jwtbench.bench.runtime.plan.Transport.TlsEngine;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.DelegatingSslContext;
import io.netty.handler.ssl.OpenSslCachingX509KeyManagerFactory;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.vertx.core.net.JdkSSLEngineOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.core.net.SSLEngineOptions;
import io.vertx.core.spi.tls.SslContextFactory;

/**
 * Vert.x' two server TLS engines, each building its contexts so that every handshake its listener completes is
 * counted ({@link HandshakeCounter}). Subclasses of Vert.x' own options, so Vert.x treats them as it treats those
 * (the JDK engine's pooled heap buffers, OpenSSL's availability check); copies share the counter.
 */
final class CountedEngines {
    private CountedEngines() {
    }

    /** {@code engine}'s options for a listener counted by {@code counter}, keeping what {@code current} set (Quarkus' choices). */
    static SSLEngineOptions of(TlsEngine engine, HandshakeCounter counter, SSLEngineOptions current) {
        if (engine == TlsEngine.OPENSSL) {
            Open o = new Open(counter);
            if (current instanceof OpenSSLEngineOptions set) {
                o.setSessionCacheEnabled(set.isSessionCacheEnabled());
            }
            return o;
        }
        Jdk j = new Jdk(counter);
        if (current instanceof JdkSSLEngineOptions set) {
            j.setPooledHeapBuffers(set.isPooledHeapBuffers());
        }
        return j;
    }

    /** The JDK's SSLEngine, counted. */
    static final class Jdk extends JdkSSLEngineOptions {
        private final HandshakeCounter counter;

        Jdk(HandshakeCounter counter) {
            this.counter = counter;
        }

        private Jdk(Jdk other) {
            super(other);
            this.counter = other.counter;
        }

        @Override
        public SslContextFactory sslContextFactory() {
            return new Counting(super.sslContextFactory(), counter, false);
        }

        @Override
        public Jdk copy() {
            return new Jdk(this);
        }
    }

    /** BoringSSL through netty-tcnative, counted. */
    static final class Open extends OpenSSLEngineOptions {
        private final HandshakeCounter counter;

        Open(HandshakeCounter counter) {
            this.counter = counter;
        }

        private Open(Open other) {
            super(other);
            this.counter = other.counter;
        }

        @Override
        public SslContextFactory sslContextFactory() {
            return new Counting(super.sslContextFactory(), counter, true);
        }

        @Override
        public Open copy() {
            return new Open(this);
        }
    }

    /**
     * Vert.x' factory, whose contexts are wrapped: every server handler they make reports its handshake. For BoringSSL
     * the key managers are cached ({@link OpenSslCachingX509KeyManagerFactory}): without it every full handshake
     * converts the certificate chain and key to BoringSSL's form again (Vert.x hands Netty a plain JDK factory).
     */
    private record Counting(SslContextFactory delegate, HandshakeCounter counter, boolean openSsl) implements SslContextFactory {
        @Override
        public SslContextFactory useAlpn(boolean useAlpn) {
            delegate.useAlpn(useAlpn);
            return this;
        }

        @Override
        public SslContextFactory clientAuth(ClientAuth clientAuth) {
            delegate.clientAuth(clientAuth);
            return this;
        }

        @Override
        public SslContextFactory forClient(boolean forClient) {
            delegate.forClient(forClient);
            return this;
        }

        @Override
        public SslContextFactory keyMananagerFactory(KeyManagerFactory kmf) {
            delegate.keyMananagerFactory(openSsl && kmf != null && !(kmf instanceof OpenSslCachingX509KeyManagerFactory)
                    ? new OpenSslCachingX509KeyManagerFactory(kmf) : kmf);
            return this;
        }

        @Override
        public SslContextFactory trustManagerFactory(TrustManagerFactory tmf) {
            delegate.trustManagerFactory(tmf);
            return this;
        }

        @Override
        public SslContextFactory enabledCipherSuites(Set<String> suites) {
            delegate.enabledCipherSuites(suites);
            return this;
        }

        @Override
        public SslContextFactory applicationProtocols(List<String> protocols) {
            delegate.applicationProtocols(protocols);
            return this;
        }

        @Override
        public SslContextFactory serverName(String serverName) {
            delegate.serverName(serverName);
            return this;
        }

        @Override
        public SslContext create() throws SSLException {
            SslContext context = delegate.create();
            return context.isClient() ? context : new CountingContext(context, counter);
        }
    }

    /** A server context whose handlers count their completed handshake; engines and handlers are the delegate's own. */
    private static final class CountingContext extends DelegatingSslContext {
        private final HandshakeCounter counter;

        CountingContext(SslContext delegate, HandshakeCounter counter) {
            super(delegate);
            this.counter = counter;
        }

        @Override
        protected void initEngine(SSLEngine engine) {
        }

        @Override
        protected void initHandler(SslHandler handler) {
            long accepted = System.currentTimeMillis(); // sessions carry wall-clock times
            handler.handshakeFuture().addListener(done -> {
                if (done.isSuccess()) {
                    counter.completed(handler.engine(), accepted);
                }
            });
        }
    }
}
