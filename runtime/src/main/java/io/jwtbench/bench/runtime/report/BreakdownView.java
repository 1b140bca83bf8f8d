package io.jwtbench.bench.runtime.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * A run's {@code breakdown} section (written by {@code jfr.BreakdownAggregator}) read once into
 * typed values, so renderers name fields instead of string keys. All times in ms; NaN when absent.
 */
record BreakdownView(String path, Timing serverTotal, Map<String, Timing> phases, Timing frameworkRemainder,
        double outsideServerMeanMs, double clientMeanMs, double coverage, double namedCoverage) {

    static final String SECTION = "breakdown";

    /** One timed part of the requests: per timed request ({@code count}, percentiles) and per request overall. */
    record Timing(long count, double mean, double p50, double p90, double p99, double perRequest, double shareOfServer) {
        static Timing of(Object json) {
            Map<?, ?> m = json instanceof Map<?, ?> map ? map : Map.of();
            return new Timing(m.get("count") instanceof Number n ? n.longValue() : 0, number(m, "mean"), number(m, "p50"),
                    number(m, "p90"), number(m, "p99"), number(m, "perRequest"), number(m, "shareOfServer"));
        }
    }

    /** Empty when the run has no breakdown with server timing (breakdown off, failed, nothing timed). */
    static Optional<BreakdownView> of(RunReport report) {
        if (!(report.extensions().get(SECTION) instanceof Map<?, ?> b) || !(b.get("serverTotal") instanceof Map<?, ?>)) {
            return Optional.empty();
        }
        Map<String, Timing> phases = new LinkedHashMap<>();
        if (b.get("phases") instanceof Map<?, ?> named) {
            named.forEach((name, v) -> phases.put(String.valueOf(name), Timing.of(v)));
        }
        return Optional.of(new BreakdownView(String.valueOf(b.get("path")), Timing.of(b.get("serverTotal")), phases,
                Timing.of(b.get("frameworkRemainder")), number(b, "outsideServerMeanMs"), number(b, "clientMeanMs"),
                number(b, "coverage"), number(b, "namedCoverage")));
    }

    private static double number(Map<?, ?> m, String key) {
        return m.get(key) instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
