package io.jwtbench.bench.runtime.plan;

import java.util.Locale;

/** The HTTP protocols the generator speaks, by the names a spec, ALPN and a report give them. */
public enum Protocol {
    HTTP_1_1("http/1.1", "HTTP/1.1"),
    H2("h2", "HTTP/2");

    private final String id;
    private final String label;

    Protocol(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** As a spec and a report write it, and as ALPN names it: {@code http/1.1}, {@code h2}. */
    public String id() {
        return id;
    }

    /** In words: {@code HTTP/1.1}, {@code HTTP/2}. */
    public String label() {
        return label;
    }

    /** The one named {@code id} (any case); null for any other name. */
    public static Protocol of(String id) {
        for (Protocol p : values()) {
            if (p.id.equals(id == null ? null : id.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        return null;
    }

    /** What a TLS handshake agreed on by ALPN: HTTP/1.1 when it agreed on nothing; null for a protocol not spoken here. */
    public static Protocol negotiated(String alpn) {
        return alpn == null || alpn.isEmpty() ? HTTP_1_1 : of(alpn);
    }
}
