package io.jwtbench.bench.runtime.spi;

import java.util.Map;

/**
 * A target's request as another load tool should send it (the Hyperfoil export): only what may leave
 * the process. Never a secret the caller of the export cannot already see: no per-process header, no
 * token the bench signed itself.
 *
 * @param method {@code GET}, {@code POST}, ...
 * @param path absolute on the application's server
 * @param headers headers that hold nothing secret
 * @param bearerTokens the request carries {@code Authorization: Bearer <token>}, a token taken at
 *        random from a file of tokens (one a line) that whoever runs the export supplies
 */
public record ExportedRequest(String method, String path, Map<String, String> headers, boolean bearerTokens) {

    public ExportedRequest {
        headers = Map.copyOf(headers);
    }

    /** The method and path of {@code request}, none of its headers: a target that knows they are harmless says so itself. */
    public static ExportedRequest withoutHeaders(BenchRequest request) {
        return new ExportedRequest(request.method().name(), request.path(), Map.of(), false);
    }
}
