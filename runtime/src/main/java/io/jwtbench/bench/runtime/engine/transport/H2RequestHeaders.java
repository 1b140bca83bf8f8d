package io.jwtbench.bench.runtime.engine.transport;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * A request's HTTP/2 headers: the pseudo-headers, its own headers in lower case less those HTTP/2 forbids, and
 * its body's length. A target that sends one request over and over has them encoded once (the last request's are
 * kept); HPACK then compresses them on the wire.
 */
final class H2RequestHeaders {
    /** Headers HTTP/2 forbids (RFC 9113 §8.2.2), and {@code host}, which {@code :authority} replaces. */
    private static final Set<String> NOT_IN_H2 = Set.of("connection", "keep-alive", "proxy-connection", "transfer-encoding",
            "upgrade", "host", "te");

    private final String scheme;
    private final String authority;
    private BenchRequest lastRequest;
    private Http2Headers lastHeaders;

    H2RequestHeaders(String scheme, String authority) {
        this.scheme = scheme;
        this.authority = authority;
    }

    /** @param bodyBytes the request body's length, or -1 without a body */
    Http2Headers of(BenchRequest request, int bodyBytes) {
        if (request != lastRequest) {
            Http2Headers h = new DefaultHttp2Headers(false).method(request.method().name()).path(request.path())
                    .scheme(scheme).authority(authority);
            for (Map.Entry<String, String> e : request.headers()) {
                String name = e.getKey().toLowerCase(Locale.ROOT);
                if (!NOT_IN_H2.contains(name)) {
                    h.add(name, e.getValue());
                }
            }
            if (bodyBytes >= 0) {
                h.setInt("content-length", bodyBytes);
            }
            lastHeaders = h;
            lastRequest = request;
        }
        return lastHeaders;
    }
}
