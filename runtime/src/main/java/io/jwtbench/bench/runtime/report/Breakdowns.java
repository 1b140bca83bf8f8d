package io.jwtbench.bench.runtime.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a run's {@code breakdown} section (see {@code jfr.BreakdownAggregator}) as the segments of one
 * stacked bar, all in mean milliseconds per request, which add up to the client's mean latency: each
 * named phase ({@code phases.<name>.perRequest}), the framework's remainder
 * ({@code frameworkRemainder.mean}) and the time outside the server ({@code outsideServerMeanMs}).
 */
final class Breakdowns {
    static final String REMAINDER = "framework remainder";
    static final String OUTSIDE = "outside the server";

    private Breakdowns() {
    }

    /** Segment → mean ms per request, phases first; empty when the section has no server timing. */
    static Map<String, Double> categories(Object section) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (!(section instanceof Map<?, ?> b) || !(b.get("serverTotal") instanceof Map<?, ?>)) {
            return out;
        }
        if (b.get("phases") instanceof Map<?, ?> phases) {
            phases.forEach((name, v) -> {
                if (v instanceof Map<?, ?> phase) {
                    put(out, String.valueOf(name), phase.get("perRequest"));
                }
            });
        }
        if (b.get("frameworkRemainder") instanceof Map<?, ?> rest) {
            put(out, REMAINDER, rest.get("mean"));
        }
        put(out, OUTSIDE, b.get("outsideServerMeanMs"));
        return out;
    }

    private static void put(Map<String, Double> out, String name, Object ms) {
        if (ms instanceof Number n && n.doubleValue() > 0) {
            out.put(name, n.doubleValue());
        }
    }
}
