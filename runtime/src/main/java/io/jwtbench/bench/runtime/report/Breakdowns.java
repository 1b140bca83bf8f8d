package io.jwtbench.bench.runtime.report;

import io.jwtbench.bench.runtime.stats.Breakdown;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link Breakdown} section as the segments of one stacked bar, all in mean milliseconds per request,
 * which add up to the client's mean latency: each named phase ({@code perRequest}), the framework's
 * remainder and the time outside the server.
 */
final class Breakdowns {
    static final String REMAINDER = "framework remainder";
    static final String OUTSIDE = "outside the server";

    private Breakdowns() {
    }

    /** Segment → mean ms per request, phases first; only positive ones. */
    static Map<String, Double> categories(Breakdown b) {
        Map<String, Double> out = new LinkedHashMap<>();
        b.phases().forEach((name, phase) -> put(out, name, Breakdown.orNaN(phase.perRequest())));
        put(out, REMAINDER, Breakdown.orNaN(b.frameworkRemainder().mean()));
        put(out, OUTSIDE, Breakdown.orNaN(b.outsideServerMeanMs()));
        return out;
    }

    private static void put(Map<String, Double> out, String name, double ms) {
        if (ms > 0) {
            out.put(name, ms);
        }
    }
}
