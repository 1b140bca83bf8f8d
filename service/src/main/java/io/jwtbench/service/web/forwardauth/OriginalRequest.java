package io.jwtbench.service.web.forwardauth;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

/**
 * The request a gateway is asking about, for the route's log: what its forwarding headers say, believed only
 * from a trusted proxy, or what the request itself says in Envoy's shape (the original method, and the original
 * path and query appended to the route's). No decision depends on it: a spoofed {@code X-Forwarded-Uri} can
 * at most mislead a log line, and from an untrusted peer it does not even do that.
 *
 * @param method the original method, or null when unknown
 * @param uri    the original path and query, or null
 * @param host   the original host, or null
 * @param client the original client as the forwarding chain says (X-Forwarded-For, X-Real-IP), or null
 * @param peer   the address this connection really comes from
 * @param trusted whether {@code peer} is a trusted proxy
 */
record OriginalRequest(String method, String uri, String host, String client, String peer, boolean trusted) {
    /** Longest value logged: they come from clients, through the proxy. */
    private static final int LONGEST = 256;

    /** @param envoyPrefix the length of the Envoy-shaped route's path this request came to, or -1 when it is not Envoy's shape */
    static OriginalRequest of(HttpServerRequest request, int envoyPrefix, TrustedProxies proxies) {
        SocketAddress address = request.connection().remoteAddress();
        String peer = address == null ? null : address.hostAddress();
        boolean trusted = proxies.trusts(peer);
        MultiMap h = request.headers();
        String client = trusted ? first(h, "X-Forwarded-For", "X-Real-IP") : null;
        if (envoyPrefix >= 0 && request.uri().length() >= envoyPrefix) {
            return new OriginalRequest(request.method().name(), request.uri().substring(envoyPrefix),
                    request.headers().get("Host"), client, peer, trusted);
        }
        if (!trusted) {
            return new OriginalRequest(null, null, null, null, peer, false);
        }
        return new OriginalRequest(first(h, "X-Forwarded-Method", "X-Original-Method"), first(h, "X-Forwarded-Uri", "X-Original-URI"),
                first(h, "X-Forwarded-Host", null), client, peer, true);
    }

    private static String first(MultiMap headers, String name, String otherName) {
        String value = headers.get(name);
        return value != null || otherName == null ? value : headers.get(otherName);
    }

    /** One line: {@code GET shop.example/orders/1 client=203.0.113.7 peer=10.0.0.2 (trusted proxy)}; controls become '?'. */
    String describe() {
        StringBuilder out = new StringBuilder(96);
        out.append(method == null ? "-" : safe(method)).append(' ');
        if (host != null) {
            out.append(safe(host));
        }
        out.append(uri == null ? "-" : safe(uri));
        if (client != null) {
            out.append(" client=").append(safe(client));
        }
        out.append(" peer=").append(peer).append(trusted ? " (trusted proxy)" : "");
        return out.toString();
    }

    private static String safe(String s) {
        StringBuilder out = new StringBuilder(Math.min(s.length(), LONGEST));
        for (int i = 0; i < s.length() && i < LONGEST; i++) {
            char c = s.charAt(i);
            out.append(c >= 0x20 && c <= 0x7e ? c : '?');
        }
        return s.length() > LONGEST ? out.append("...").toString() : out.toString();
    }
}
