package io.jwtbench.bench.runtime.engine.transport;

import java.security.cert.X509Certificate;
import java.util.List;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;

import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;

/**
 * The generator's side of TLS: one client context per run, trusting only the given certificates, offering
 * the run's protocol by ALPN, with the engine the spec chose (the JDK's SSLEngine or BoringSSL). Its session
 * cache lets later connections resume, as a real client's would.
 */
public final class TlsClient {
    private TlsClient() {
    }

    /** Whether BoringSSL (netty-tcnative) loads on this platform. */
    public static boolean openSslAvailable() {
        return OpenSsl.isAvailable();
    }

    /** Why BoringSSL does not load here, in a few words. */
    public static String openSslUnavailability() {
        Throwable cause = OpenSsl.unavailabilityCause();
        return cause == null ? "no cause given" : cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }

    static SslContext context(Transport transport, List<X509Certificate> trusted) {
        try {
            return SslContextBuilder.forClient()
                    .sslProvider(transport.tlsEngine() == Transport.TlsEngine.OPENSSL ? SslProvider.OPENSSL : SslProvider.JDK)
                    .trustManager(trusted.toArray(X509Certificate[]::new))
                    .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            transport.protocol().id()))
                    .build();
        } catch (SSLException e) {
            throw new IllegalStateException("the generator's TLS context: " + e.getMessage(), e);
        }
    }

    /**
     * Whether the handshake that just completed resumed an earlier session instead of a full one: its session
     * was created before this connection was (a full handshake creates its session during the handshake).
     */
    static boolean resumed(SslHandler ssl, long connectedAtMillis) {
        return ssl.engine().getSession().getCreationTime() < connectedAtMillis;
    }

    /** What a completed handshake on {@code ssl} settled on. */
    static Tally.Negotiated negotiated(SslHandler ssl) {
        SSLSession session = ssl.engine().getSession();
        return new Tally.Negotiated(ssl.applicationProtocol(), session.getProtocol(), session.getCipherSuite());
    }
}
