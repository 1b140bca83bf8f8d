package io.jwtbench.bench.runtime.spi;

import java.util.Map;

/** The requests of one run, produced by {@link BenchTarget#prepare(Map)}. */
public interface RequestSource {

    /**
     * The request to send as number {@code sequence} (0-based, across warm-up and measurement).
     * Called on the generator's event loops for every request: it must be cheap, non-blocking and
     * allocation-free, typically a pre-built pool indexed by {@code sequence % size}. The returned
     * object is shared, never mutated by the engine.
     */
    BenchRequest next(long sequence);

    /**
     * Facts about the prepared requests, echoed into the report as {@code options}. Under
     * {@link io.jwtbench.bench.runtime.stats.Comparability#NOT_COMPARED}, the keys that only identify the requests
     * (a fingerprint), which a regression does not count as a difference.
     */
    default Map<String, Object> describe() {
        return Map.of();
    }

    /**
     * The request as another load tool should send it ({@code /q/bench/runs/{id}/hyperfoil.yaml}).
     * Default: the first request's method and path, without headers, since they may hold secrets.
     */
    default ExportedRequest exported() {
        return ExportedRequest.withoutHeaders(next(0));
    }

    /** The same request every time, described by {@code description}. */
    static RequestSource always(BenchRequest request, Map<String, Object> description) {
        return new RequestSource() {
            @Override
            public BenchRequest next(long sequence) {
                return request;
            }

            @Override
            public Map<String, Object> describe() {
                return description;
            }
        };
    }
}
