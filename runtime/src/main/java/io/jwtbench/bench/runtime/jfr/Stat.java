package io.jwtbench.bench.runtime.jfr;

import org.HdrHistogram.Histogram;

import io.jwtbench.bench.runtime.JsonMaps;
import io.jwtbench.bench.runtime.stats.Breakdown;

/**
 * Durations of one kind (a phase, the server total, the remainder): an exact count and sum, and an
 * auto-resizing HdrHistogram in nanoseconds (3 significant digits) for the percentiles.
 */
final class Stat {
    private final Histogram histogram = new Histogram(3);
    private long count;
    private long sumNanos;

    void add(long nanos) {
        count++;
        sumNanos += nanos;
        histogram.recordValue(Math.max(0, nanos));
    }

    long count() {
        return count;
    }

    long sumNanos() {
        return sumNanos;
    }

    double meanMs() {
        return count == 0 ? 0 : sumNanos / (double) count / 1e6;
    }

    /**
     * Count, mean, p50, p90, p99 in ms (the mean exact: sum / count; percentiles from the histogram), with
     * the given per-request mean and share of the server total (NaN: absent).
     */
    Breakdown.Timing timing(double perRequest, double shareOfServer) {
        return new Breakdown.Timing(count, millis(meanMs()), millis(at(50)), millis(at(90)), millis(at(99)),
                millis(perRequest), share(shareOfServer));
    }

    private double at(double percentile) {
        return count == 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1e6;
    }

    /** Milliseconds with 4 decimals (0.1 µs): phases are often a few microseconds. */
    static Object ms(double v) {
        return JsonMaps.round(v, 4);
    }

    /** {@link #ms} for a typed section: null when not finite. */
    static Double millis(double v) {
        return (Double) JsonMaps.round(v, 4);
    }

    /** Shares with 3 decimals. */
    static Object ratio(double v) {
        return JsonMaps.round(v, 3);
    }

    /** {@link #ratio} for a typed section: null when not finite. */
    static Double share(double v) {
        return (Double) JsonMaps.round(v, 3);
    }
}
