package io.jwtbench.bench.runtime.stats;

import io.jwtbench.bench.runtime.plan.Transport;

/**
 * What the generator's connections were over the measured window: the scheme and protocol, for TLS what
 * the handshakes negotiated (version, cipher suite, ALPN protocol) and how often they ran, full or resumed.
 * A keep-alive run opens its connections once; a run without keep-alive opens one per request.
 *
 * @param tlsVersion  {@code TLSv1.3}, ...; null in a plain run (or when no handshake completed)
 * @param handshakeMeanMs the mean time from TCP connected to handshake done; null without handshakes
 */
public record TransportFacts(String scheme, String protocol, String tlsEngine, boolean keepAlive, String tlsVersion,
        String cipherSuite, long connectionsOpened, double connectionsPerSecond, long handshakes, double handshakesPerSecond,
        long resumptions, double resumptionsPerSecond, Double handshakeMeanMs) {
    public static final String SECTION = "transport";

    /**
     * From a phase's tally over {@code seconds} and what the run's handshakes negotiated ({@code n}, null when
     * none did); the protocol is the negotiated one where a handshake said so.
     */
    public static TransportFacts of(Transport transport, Tally t, double seconds, Tally.Negotiated n) {
        String protocol = n != null && n.protocol() != null && !n.protocol().isEmpty() ? n.protocol() : transport.protocol().id();
        long handshakes = t.handshakes();
        return new TransportFacts(transport.tls() ? "https" : "http", protocol,
                transport.tls() ? transport.tlsEngine().jsonName() : null, transport.keepAlive(),
                n == null ? null : n.tlsVersion(), n == null ? null : n.cipherSuite(), t.connectionsOpened(),
                perSecond(t.connectionsOpened(), seconds), handshakes, perSecond(handshakes, seconds), t.resumptions(),
                perSecond(t.resumptions(), seconds), handshakes == 0 ? null : round(t.handshakeNanos() / 1e6 / handshakes));
    }

    private static double perSecond(long count, double seconds) {
        return seconds > 0 ? round(count / seconds) : 0;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
