package io.jwtbench.bench.runtime.spi;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;

/**
 * One prepared request. {@code path} is absolute on the application's own server (e.g.
 * {@code /api/validate}). {@code expectRejection} marks deliberately bad requests: a 4xx answer to
 * them is an expected rejection (not an error), a 2xx an unexpected success.
 *
 * <p>
 * Immutable by contract, with a record's value semantics: the load generator
 * encodes it to HTTP/1.1 bytes on its first send and reuses those bytes for every later send, so
 * its {@code headers} and {@code body} must not be modified once it is handed to a run.
 */
public final class BenchRequest {
    private final HttpMethod method;
    private final String path;
    private final MultiMap headers;
    private final Buffer body;
    private final boolean expectRejection;
    /** Lazily: the encoding for one Host authority; a benign race may encode twice. */
    private volatile Wire wire;

    private record Wire(String authority, byte[] bytes) {
    }

    /** @param body nullable: no body */
    public BenchRequest(HttpMethod method, String path, MultiMap headers, Buffer body, boolean expectRejection) {
        if (method == null || path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("a bench request needs a method and an absolute path, got " + path);
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c <= ' ' || c >= 0x7f) {
                throw new IllegalArgumentException(
                        "a bench request path must be encoded (no spaces, controls or non-ASCII), got " + path);
            }
        }
        this.method = method;
        this.path = path;
        this.headers = headers == null ? MultiMap.caseInsensitiveMultiMap() : headers;
        this.body = body;
        this.expectRejection = expectRejection;
    }

    /** A GET without headers that should succeed. */
    public static BenchRequest get(String path) {
        return new BenchRequest(HttpMethod.GET, path, MultiMap.caseInsensitiveMultiMap(), null, false);
    }

    public HttpMethod method() {
        return method;
    }

    public String path() {
        return path;
    }

    public MultiMap headers() {
        return headers;
    }

    /** Nullable: no body. */
    public Buffer body() {
        return body;
    }

    public boolean expectRejection() {
        return expectRejection;
    }

    /**
     * The whole request as HTTP/1.1 bytes: request line, {@code Host: authority} (unless the headers
     * carry their own Host), the headers, {@code Content-Length} when there is a body (or the method
     * usually has one), the blank line and the body. Encoded once per authority and cached: the
     * same array is returned every time, callers must not modify it.
     */
    public byte[] http11Bytes(String authority) {
        Wire w = wire;
        if (w == null || (w.authority != authority && !w.authority.equals(authority))) {
            w = new Wire(authority, encode(authority));
            wire = w;
        }
        return w.bytes;
    }

    private byte[] encode(String authority) {
        StringBuilder head = new StringBuilder(128 + path.length());
        head.append(method.name()).append(' ').append(path).append(" HTTP/1.1\r\n");
        if (!headers.contains("host")) {
            head.append("host: ").append(authority).append("\r\n");
        }
        for (Map.Entry<String, String> h : headers) {
            String name = h.getKey();
            if (name.equalsIgnoreCase("content-length") || name.equalsIgnoreCase("transfer-encoding")) {
                continue; // framing is ours
            }
            check(name);
            check(h.getValue());
            head.append(name).append(": ").append(h.getValue()).append("\r\n");
        }
        int length = body == null ? 0 : body.length();
        if (body != null || method == HttpMethod.POST || method == HttpMethod.PUT || method == HttpMethod.PATCH) {
            head.append("content-length: ").append(length).append("\r\n");
        }
        head.append("\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + length);
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            out.writeBytes(body.getBytes());
        }
        return out.toByteArray();
    }

    private static void check(String headerPart) {
        if (headerPart.indexOf('\r') >= 0 || headerPart.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a bench request header holds a line break: " + headerPart);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BenchRequest r && method.equals(r.method) && path.equals(r.path)
                && headers.equals(r.headers) && Objects.equals(body, r.body) && expectRejection == r.expectRejection;
    }

    @Override
    public int hashCode() {
        return Objects.hash(method, path, headers, body, expectRejection);
    }

    @Override
    public String toString() {
        return "BenchRequest[method=" + method + ", path=" + path + ", headers=" + headers + ", body=" + body
                + ", expectRejection=" + expectRejection + "]";
    }
}
