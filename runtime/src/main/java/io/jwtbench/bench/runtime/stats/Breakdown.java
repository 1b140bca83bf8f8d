package io.jwtbench.bench.runtime.stats;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A run report's {@code breakdown} section: where each request's time went on the server, phase by
 * phase, as the application's server timing filter and probe recorded it ({@code jfr/BreakdownAggregator}
 * measures it). Server total = Σ named phases + framework remainder, request by request; outside the
 * server = client mean − server total mean. All times in ms; a figure that could not be measured is
 * absent (null). Its component names are the section's JSON keys.
 *
 * @param path              the path whose requests were timed
 * @param requestsTimed     requests timed by the server over requests the client measured
 * @param otherRequests     server requests on another path (not in the figures)
 * @param phasesOutsideRequests phase events outside any timed request
 * @param outsideWindow     events outside the measured window
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Breakdown(String unit, String path, Timing serverTotal, Map<String, Timing> phases,
        Timing frameworkRemainder, Double namedPhasesMeanMs, Double outsideServerMeanMs, Double clientMeanMs,
        Double coverage, Double namedCoverage, Double requestsTimed, long otherRequests, long phasesOutsideRequests,
        long outsideWindow) {

    /** The section's name in a run report. */
    public static final String SECTION = "breakdown";

    /**
     * One timed part of the requests: per timed request ({@code count}, exact mean, percentiles) and, for
     * phases and the remainder, per request overall and its share of the server total.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Timing(long count, Double mean, Double p50, Double p90, Double p99, Double perRequest,
            Double shareOfServer) {
    }

    /** Whether the server timed any request (otherwise there is nothing to show). */
    public boolean timed() {
        return serverTotal != null && serverTotal.count() > 0;
    }

    /** {@code x} or NaN: for arithmetic on figures that may be absent. */
    public static double orNaN(Double x) {
        return x == null ? Double.NaN : x;
    }
}
