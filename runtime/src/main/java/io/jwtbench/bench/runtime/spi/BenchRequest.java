package io.jwtbench.bench.runtime.spi;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;

/**
 * One prepared request. {@code path} is absolute on the application's own server (e.g.
 * {@code /api/validate}). {@code expectRejection} marks deliberately bad requests: a 4xx answer to
 * them is an expected rejection (not an error), a 2xx an unexpected success.
 *
 * @param body nullable: no body
 */
public record BenchRequest(HttpMethod method, String path, MultiMap headers, Buffer body, boolean expectRejection) {

    public BenchRequest {
        if (method == null || path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("a bench request needs a method and an absolute path, got " + path);
        }
        if (headers == null) {
            headers = MultiMap.caseInsensitiveMultiMap();
        }
    }

    /** A GET without headers that should succeed. */
    public static BenchRequest get(String path) {
        return new BenchRequest(HttpMethod.GET, path, MultiMap.caseInsensitiveMultiMap(), null, false);
    }
}
