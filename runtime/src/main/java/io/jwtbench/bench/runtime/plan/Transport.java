package io.jwtbench.bench.runtime.plan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How the generator talks to the application: plain or TLS, which HTTP protocol, how many requests share a
 * connection at once, whether a connection carries more than one request, which TLS engine encrypts on each
 * side, which certificate the server presents and whether the client resumes sessions. The spec fields
 * {@code tls}, {@code protocol}, {@code streams}, {@code keepAlive}, {@code tlsEngine}, {@code serverTlsEngine},
 * {@code certificate} and {@code resumption}.
 *
 * @param streams requests in flight on one connection at once (1 for HTTP/1.1: no pipelining)
 * @param keepAlive false: a new connection, with TLS a new handshake, for every request
 * @param tlsEngine the generator's (client's) TLS engine
 * @param serverTlsEngine the server's TLS engine; null: whichever the application's HTTPS port has
 * @param certificate what the server presents: the application's own certificate, or one the bench makes of a
 *        given key type (served on a loopback listener of the bench's)
 * @param resumption whether the client offers the sessions of its earlier connections (a new connection then
 *        resumes instead of a full handshake)
 */
public record Transport(boolean tls, Protocol protocol, int streams, boolean keepAlive, TlsEngine tlsEngine,
        TlsEngine serverTlsEngine, ServerCertificate certificate, boolean resumption) {
    public static final Protocol HTTP_1_1 = Protocol.HTTP_1_1;
    public static final Protocol H2 = Protocol.H2;
    /** The protocols the generator speaks, by name; anything else is refused with this list. */
    public static final List<String> PROTOCOLS = Arrays.stream(Protocol.values()).map(Protocol::id).toList();
    /** The most concurrent HTTP/2 streams a connection of the generator opens (the server may allow fewer). */
    public static final int MAX_STREAMS = 1000;
    /** The spec fields this reads, which are engine fields, never target options. */
    public static final List<String> FIELDS = List.of("tls", "protocol", "streams", "keepAlive", "tlsEngine",
            "serverTlsEngine", "certificate", "resumption");
    /** The fields that only mean something over TLS. */
    private static final List<String> TLS_FIELDS = List.of("tlsEngine", "serverTlsEngine", "certificate", "resumption");

    /** Plain HTTP/1.1 with keep-alive: every run before TLS existed, and every spec that says nothing. */
    public static final Transport PLAIN = new Transport(false, HTTP_1_1, 1, true, TlsEngine.JDK);

    /** The application's server engine and certificate, a resuming client. */
    public Transport(boolean tls, Protocol protocol, int streams, boolean keepAlive, TlsEngine tlsEngine) {
        this(tls, protocol, streams, keepAlive, tlsEngine, null, ServerCertificate.APPLICATION, true);
    }

    /** The transports a compare names (its {@code "transports"} list), in words a report can show. */
    public static final Map<String, Transport> NAMED = named();

    private static Map<String, Transport> named() {
        Map<String, Transport> m = new java.util.LinkedHashMap<>();
        m.put("plain", PLAIN);
        m.put("tls", new Transport(true, HTTP_1_1, 1, true, TlsEngine.JDK));
        m.put("tls-openssl", new Transport(true, HTTP_1_1, 1, true, TlsEngine.OPENSSL));
        m.put("plain-per-request", new Transport(false, HTTP_1_1, 1, false, TlsEngine.JDK));
        m.put("tls-per-request", new Transport(true, HTTP_1_1, 1, false, TlsEngine.JDK));
        m.put("h2", new Transport(true, H2, 1, true, TlsEngine.JDK));
        m.put("h2-10-streams", new Transport(true, H2, 10, true, TlsEngine.JDK));
        m.put("h2c", new Transport(false, H2, 1, true, TlsEngine.JDK));
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * What a TLS entry of a compare may add to its name, each after a {@code +}: {@code tls+server-openssl},
     * {@code tls-per-request+ecdsa-p256+no-resumption}.
     */
    public static final List<String> MODIFIERS = List.of("client-jdk", "client-openssl", "server-jdk", "server-openssl",
            "rsa-2048", "ecdsa-p256", "no-resumption");

    /**
     * One of {@link #NAMED}, over TLS with any {@link #MODIFIERS} after it; a {@link SpecException} on
     * {@code transports} for any other name.
     */
    public static Transport named(String name) {
        String[] parts = name.split("\\+", -1);
        Transport t = NAMED.get(parts[0]);
        if (t == null) {
            throw new SpecException("transports", "unknown transport \"" + parts[0] + "\"; known: "
                    + String.join(", ", NAMED.keySet()) + (parts.length > 1 ? ", each TLS one with +" + String.join(", +", MODIFIERS) : ""));
        }
        for (int i = 1; i < parts.length; i++) {
            if (!t.tls) {
                throw new SpecException("transports", "\"" + name + "\": +" + parts[i] + " applies to TLS, and " + parts[0] + " is plain");
            }
            t = switch (parts[i]) {
                case "client-jdk" -> t.with(TlsEngine.JDK, t.serverTlsEngine, t.certificate, t.resumption);
                case "client-openssl" -> t.with(TlsEngine.OPENSSL, t.serverTlsEngine, t.certificate, t.resumption);
                case "server-jdk" -> t.with(t.tlsEngine, TlsEngine.JDK, t.certificate, t.resumption);
                case "server-openssl" -> t.with(t.tlsEngine, TlsEngine.OPENSSL, t.certificate, t.resumption);
                case "rsa-2048" -> t.with(t.tlsEngine, t.serverTlsEngine, ServerCertificate.RSA_2048, t.resumption);
                case "ecdsa-p256" -> t.with(t.tlsEngine, t.serverTlsEngine, ServerCertificate.ECDSA_P256, t.resumption);
                case "no-resumption" -> t.with(t.tlsEngine, t.serverTlsEngine, t.certificate, false);
                default -> throw new SpecException("transports", "\"" + name + "\": unknown modifier +" + parts[i]
                        + "; known: +" + String.join(", +", MODIFIERS));
            };
        }
        return t;
    }

    private Transport with(TlsEngine client, TlsEngine server, ServerCertificate serverCertificate, boolean resume) {
        return new Transport(tls, protocol, streams, keepAlive, client, server, serverCertificate, resume);
    }

    /** Who encrypts one side of a TLS connection. */
    public enum TlsEngine {
        /** The JDK's own SSLEngine (SunJSSE). */
        JDK,
        /** BoringSSL through netty-tcnative, where its native library loads. */
        OPENSSL;

        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The engine named {@code name} ({@code jdk}, {@code openssl}), or null. */
        public static TlsEngine of(String name) {
            for (TlsEngine e : values()) {
                if (e.jsonName().equals(name)) {
                    return e;
                }
            }
            return null;
        }

        static TlsEngine parse(String field, JsonNode node) {
            TlsEngine e = node.isTextual() ? of(node.asText()) : null;
            if (e == null) {
                throw new SpecException(field, "must be one of " + Arrays.stream(values()).map(TlsEngine::jsonName).toList()
                        + ", got " + node);
            }
            return e;
        }
    }

    /**
     * The transport fields of a run spec, each checked on its own; {@link #PLAIN} for a spec without any.
     * Whether the application can serve it (an HTTPS port) is the engine's question, not the parser's.
     */
    static Transport parse(JsonNode body) {
        boolean tls = RunSpecParser.bool("tls", body.get("tls"), false);
        JsonNode p = body.get("protocol");
        Protocol protocol = HTTP_1_1;
        if (RunSpecParser.present(p)) {
            protocol = p.isTextual() ? Protocol.of(p.asText()) : null;
            if (protocol == null) {
                throw new SpecException("protocol", "must be one of " + PROTOCOLS + ", got " + p);
            }
        }
        JsonNode s = body.get("streams");
        int streams = 1;
        if (RunSpecParser.present(s)) {
            if (protocol == HTTP_1_1 && (!s.isIntegralNumber() || s.asLong() != 1)) {
                throw new SpecException("streams", "concurrent streams per connection are an HTTP/2 setting (\"protocol\":"
                        + " \"h2\"); http/1.1 carries one request at a time on a connection, so streams is 1, got " + s);
            }
            if (!s.isIntegralNumber() || s.asLong() < 1 || s.asLong() > MAX_STREAMS) {
                throw new SpecException("streams", "must be between 1 and " + MAX_STREAMS + " (an integer), got " + s);
            }
            streams = s.asInt();
        }
        boolean keepAlive = RunSpecParser.bool("keepAlive", body.get("keepAlive"), true);
        if (!keepAlive && protocol == H2) {
            throw new SpecException("keepAlive", "a connection per request is an HTTP/1.1 question: HTTP/2 multiplexes"
                    + " its requests on long-lived connections; use \"protocol\": \"http/1.1\" with keepAlive false");
        }
        if (!tls) {
            for (String field : TLS_FIELDS) {
                if (RunSpecParser.present(body.get(field))) {
                    throw new SpecException(field, "applies to TLS: add \"tls\": true, or remove " + field);
                }
            }
            return new Transport(false, protocol, streams, keepAlive, TlsEngine.JDK);
        }
        JsonNode e = body.get("tlsEngine");
        TlsEngine engine = RunSpecParser.present(e) ? TlsEngine.parse("tlsEngine", e) : TlsEngine.JDK;
        JsonNode se = body.get("serverTlsEngine");
        TlsEngine serverEngine = RunSpecParser.present(se) ? TlsEngine.parse("serverTlsEngine", se) : null;
        JsonNode c = body.get("certificate");
        ServerCertificate certificate = RunSpecParser.present(c) ? ServerCertificate.parse(c) : ServerCertificate.APPLICATION;
        boolean resumption = RunSpecParser.bool("resumption", body.get("resumption"), true);
        return new Transport(true, protocol, streams, keepAlive, engine, serverEngine, certificate, resumption);
    }

    /** The fields that differ from {@link #PLAIN}, as a caller writes them (a plain run's echo is as before). */
    void echo(Map<String, Object> m) {
        if (tls) {
            m.put("tls", true);
            m.put("tlsEngine", tlsEngine.jsonName());
            if (serverTlsEngine != null) {
                m.put("serverTlsEngine", serverTlsEngine.jsonName());
            }
            if (certificate != ServerCertificate.APPLICATION) {
                m.put("certificate", certificate.jsonName);
            }
            if (!resumption) {
                m.put("resumption", false);
            }
        }
        if (protocol != HTTP_1_1) {
            m.put("protocol", protocol.id());
        }
        if (streams != 1) {
            m.put("streams", streams);
        }
        if (!keepAlive) {
            m.put("keepAlive", false);
        }
    }

    /** The transport a report's spec echo describes (a report from before TLS existed: {@link #PLAIN}). */
    public static Transport fromEcho(Map<String, Object> spec) {
        boolean tls = Boolean.TRUE.equals(spec.get("tls"));
        Object engine = spec.get("tlsEngine");
        Object streams = spec.get("streams");
        Protocol protocol = Protocol.of(String.valueOf(spec.getOrDefault("protocol", HTTP_1_1.id())));
        return new Transport(tls, protocol == null ? HTTP_1_1 : protocol, streams instanceof Number n ? n.intValue() : 1,
                !Boolean.FALSE.equals(spec.get("keepAlive")), "openssl".equals(engine) ? TlsEngine.OPENSSL : TlsEngine.JDK,
                TlsEngine.of(String.valueOf(spec.get("serverTlsEngine"))), ServerCertificate.of(spec.get("certificate")),
                !Boolean.FALSE.equals(spec.get("resumption")));
    }

    /** In words, for reports and refusals: "TLS HTTP/1.1 (openssl, server jdk), a connection per request". */
    public String label() {
        StringBuilder b = new StringBuilder(tls ? "TLS " : "plain ");
        b.append(protocol.label());
        if (streams != 1) {
            b.append(" × ").append(streams).append(" streams");
        }
        if (tls) {
            b.append(" (").append(tlsEngine.jsonName());
            if (serverTlsEngine != null) {
                b.append(", server ").append(serverTlsEngine.jsonName());
            }
            if (certificate != ServerCertificate.APPLICATION) {
                b.append(", ").append(certificate.jsonName).append(" certificate");
            }
            b.append(')');
        }
        if (!keepAlive) {
            b.append(", a connection per request");
        }
        if (tls && !resumption) {
            b.append(", no resumption");
        }
        return b.toString();
    }
}
