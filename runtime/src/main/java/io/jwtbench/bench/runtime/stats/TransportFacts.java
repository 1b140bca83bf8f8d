package io.jwtbench.bench.runtime.stats;

import io.jwtbench.bench.runtime.plan.Transport;

/**
 * What the generator's connections were over the measured window: the scheme and protocol, for TLS what
 * the handshakes negotiated (version, cipher suite, ALPN protocol, key exchange group, the server certificate's
 * key) and how often they ran, full or resumed, as the client saw them and as the server counted them.
 * A keep-alive run opens its connections once; a run without keep-alive opens one per request.
 *
 * @param tlsEngine the generator's TLS engine; null in a plain run
 * @param tlsVersion  {@code TLSv1.3}, ...; null in a plain run (or when no handshake completed)
 * @param handshakes  handshakes the generator completed; {@code resumptions} of them resumed a session
 * @param handshakeMeanMs the mean time from TCP connected to handshake done; null without handshakes
 * @param serverTlsEngine the TLS engine of the server the run loaded (the application's port or a bench listener)
 * @param certificate {@code application}, or the key type of the certificate a bench listener made
 * @param keyExchangeGroup the group of the key exchange, as the server's hello names it ({@code x25519}, ...)
 * @param certificateKeyType the server certificate's key: {@code EC P-256}, {@code RSA 2048}, ...
 * @param serverFullHandshakes the server's own count of full handshakes on that listener in the window (any other
 *        client's included); null where it keeps none. {@code serverResumedHandshakes}: of resumed ones
 */
public record TransportFacts(String scheme, String protocol, String tlsEngine, boolean keepAlive, String tlsVersion,
        String cipherSuite, long connectionsOpened, double connectionsPerSecond, long handshakes, double handshakesPerSecond,
        long resumptions, double resumptionsPerSecond, Double handshakeMeanMs, String serverTlsEngine, String certificate,
        String keyExchangeGroup, String certificateKeyType, Long serverFullHandshakes, Double serverFullHandshakesPerSecond,
        Long serverResumedHandshakes, Double serverResumedHandshakesPerSecond) {
    public static final String SECTION = "transport";

    /**
     * From a phase's tally over {@code seconds}, what the run's handshakes negotiated ({@code n}, null when none
     * did) and the server's engine and count of handshakes ({@code server}, null where it keeps none); the protocol
     * is the negotiated one where a handshake said so.
     */
    public static TransportFacts of(Transport transport, Tally t, double seconds, Tally.Negotiated n, String serverTlsEngine,
            ServerHandshakes server) {
        String protocol = n != null && n.protocol() != null && !n.protocol().isEmpty() ? n.protocol() : transport.protocol().id();
        long handshakes = t.handshakes();
        boolean tls = transport.tls();
        return new TransportFacts(tls ? "https" : "http", protocol,
                tls ? transport.tlsEngine().jsonName() : null, transport.keepAlive(),
                n == null ? null : n.tlsVersion(), n == null ? null : n.cipherSuite(), t.connectionsOpened(),
                perSecond(t.connectionsOpened(), seconds), handshakes, perSecond(handshakes, seconds), t.resumptions(),
                perSecond(t.resumptions(), seconds), handshakes == 0 ? null : round(t.handshakeNanos() / 1e6 / handshakes),
                tls ? serverTlsEngine : null, tls ? transport.certificate().jsonName : null,
                n == null ? null : n.keyExchangeGroup(), n == null ? null : n.certificateKeyType(),
                server == null ? null : server.full(), server == null ? null : perSecond(server.full(), seconds),
                server == null ? null : server.resumed(), server == null ? null : perSecond(server.resumed(), seconds));
    }

    /** The server's own count of the handshakes it completed in the window. */
    public record ServerHandshakes(long full, long resumed) {
    }

    private static double perSecond(long count, double seconds) {
        return seconds > 0 ? round(count / seconds) : 0;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
