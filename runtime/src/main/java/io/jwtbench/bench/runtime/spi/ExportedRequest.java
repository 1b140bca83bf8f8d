package io.jwtbench.bench.runtime.spi;

import java.util.Map;

/**
 * A target's request as another load tool should send it (the Hyperfoil export): only what may leave
 * the process. Never a secret the caller of the export cannot already see: no per-process header, no
 * credential the bench made itself.
 *
 * @param method {@code GET}, {@code POST}, ...
 * @param path absolute on the application's server
 * @param headers headers that hold nothing secret
 * @param headerFromFile a header whose value the other tool takes from a file that whoever runs the
 *        export supplies, or null
 */
public record ExportedRequest(String method, String path, Map<String, String> headers, HeaderFromFile headerFromFile) {

    public ExportedRequest {
        headers = Map.copyOf(headers);
    }

    /**
     * A header whose value is a line taken at random from a file beside the export, one value a line:
     * the way a request carries credentials the process cannot export (e.g. {@code Authorization},
     * {@code "Bearer "}, {@code tokens.txt}).
     *
     * @param name the header's name
     * @param prefix written before the file's value, e.g. {@code "Bearer "}; may be empty
     * @param file the file's name, beside the export
     * @param holds what each line of the file must be, for whoever supplies it
     */
    public record HeaderFromFile(String name, String prefix, String file, String holds) {
    }

    /** The method and path of {@code request}, none of its headers: a target that knows they are harmless says so itself. */
    public static ExportedRequest withoutHeaders(BenchRequest request) {
        return new ExportedRequest(request.method().name(), request.path(), Map.of(), null);
    }
}
