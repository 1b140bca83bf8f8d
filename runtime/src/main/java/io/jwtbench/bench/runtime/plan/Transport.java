package io.jwtbench.bench.runtime.plan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How the generator talks to the application: plain or TLS, which HTTP protocol, how many requests share a
 * connection at once, whether a connection carries more than one request, and which TLS engine encrypts.
 * The spec fields {@code tls}, {@code protocol}, {@code streams}, {@code keepAlive} and {@code tlsEngine}.
 *
 * @param streams requests in flight on one connection at once (1 for HTTP/1.1: no pipelining)
 * @param keepAlive false: a new connection, with TLS a new handshake, for every request
 */
public record Transport(boolean tls, Protocol protocol, int streams, boolean keepAlive, TlsEngine tlsEngine) {
    public static final Protocol HTTP_1_1 = Protocol.HTTP_1_1;
    public static final Protocol H2 = Protocol.H2;
    /** The protocols the generator speaks, by name; anything else is refused with this list. */
    public static final List<String> PROTOCOLS = Arrays.stream(Protocol.values()).map(Protocol::id).toList();
    /** The most concurrent HTTP/2 streams a connection of the generator opens (the server may allow fewer). */
    public static final int MAX_STREAMS = 1000;
    /** The spec fields this reads, which are engine fields, never target options. */
    public static final List<String> FIELDS = List.of("tls", "protocol", "streams", "keepAlive", "tlsEngine");

    /** Plain HTTP/1.1 with keep-alive: every run before TLS existed, and every spec that says nothing. */
    public static final Transport PLAIN = new Transport(false, HTTP_1_1, 1, true, TlsEngine.JDK);

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

    /** One of {@link #NAMED}; a {@link SpecException} on {@code transports} for any other name. */
    public static Transport named(String name) {
        Transport t = NAMED.get(name);
        if (t == null) {
            throw new SpecException("transports", "unknown transport \"" + name + "\"; known: " + String.join(", ", NAMED.keySet()));
        }
        return t;
    }

    /** Who encrypts the generator's side of a TLS connection. */
    public enum TlsEngine {
        /** The JDK's own SSLEngine (SunJSSE). */
        JDK,
        /** BoringSSL through netty-tcnative, where its native library loads. */
        OPENSSL;

        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }

        static TlsEngine parse(JsonNode node) {
            for (TlsEngine e : values()) {
                if (node.isTextual() && e.jsonName().equals(node.asText())) {
                    return e;
                }
            }
            throw new SpecException("tlsEngine", "must be one of " + Arrays.stream(values()).map(TlsEngine::jsonName).toList()
                    + ", got " + node);
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
        JsonNode e = body.get("tlsEngine");
        TlsEngine engine = TlsEngine.JDK;
        if (RunSpecParser.present(e)) {
            if (!tls) {
                throw new SpecException("tlsEngine", "applies to TLS: add \"tls\": true, or remove tlsEngine");
            }
            engine = TlsEngine.parse(e);
        }
        return new Transport(tls, protocol, streams, keepAlive, engine);
    }

    /** The fields that differ from {@link #PLAIN}, as a caller writes them (a plain run's echo is as before). */
    void echo(Map<String, Object> m) {
        if (tls) {
            m.put("tls", true);
            m.put("tlsEngine", tlsEngine.jsonName());
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
                !Boolean.FALSE.equals(spec.get("keepAlive")), "openssl".equals(engine) ? TlsEngine.OPENSSL : TlsEngine.JDK);
    }

    /** In words, for reports and refusals: "TLS HTTP/1.1 (openssl), a connection per request". */
    public String label() {
        StringBuilder b = new StringBuilder(tls ? "TLS " : "plain ");
        b.append(protocol.label());
        if (streams != 1) {
            b.append(" × ").append(streams).append(" streams");
        }
        if (tls) {
            b.append(" (").append(tlsEngine.jsonName()).append(')');
        }
        if (!keepAlive) {
            b.append(", a connection per request");
        }
        return b.toString();
    }
}
