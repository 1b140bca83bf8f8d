package io.jwtbench.bench.runtime.engine.transport;

import java.security.PublicKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.EdECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.List;

import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
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
 * cache lets later connections resume, as a real client's would, unless the spec turned resumption off (its
 * engines are then made without the server's address, which both engines key their session caches by).
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

    /** What a completed handshake on {@code ssl} settled on; {@code group}: the key exchange group its server's hello named. */
    static Tally.Negotiated negotiated(SslHandler ssl, String group) {
        SSLSession session = ssl.engine().getSession();
        String key = null;
        try {
            Certificate[] peer = session.getPeerCertificates();
            key = peer.length == 0 ? null : keyType(peer[0].getPublicKey());
        } catch (SSLPeerUnverifiedException e) {
            // an anonymous server: nothing to say about its key
        }
        return new Tally.Negotiated(ssl.applicationProtocol(), session.getProtocol(), session.getCipherSuite(), group, key);
    }

    /** {@code EC P-256}, {@code RSA 2048}, {@code Ed25519}: a key's algorithm and size, as a certificate is chosen by. */
    static String keyType(PublicKey key) {
        if (key instanceof RSAPublicKey rsa) {
            return "RSA " + rsa.getModulus().bitLength();
        }
        if (key instanceof ECPublicKey ec) {
            int bits = ec.getParams().getCurve().getField().getFieldSize();
            return "EC " + (bits == 256 || bits == 384 || bits == 521 ? "P-" + bits : bits + "-bit");
        }
        if (key instanceof EdECPublicKey ed) {
            return ed.getParams().getName();
        }
        return key.getAlgorithm();
    }
}
