package io.jwtbench.bench.runtime.jfr;

import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;

import io.jwtbench.bench.runtime.JsonMaps;

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

    /** {count, mean, p50, p90, p99} in ms; the mean is exact (sum / count), percentiles from the histogram. */
    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", count);
        m.put("mean", ms(meanMs()));
        m.put("p50", ms(at(50)));
        m.put("p90", ms(at(90)));
        m.put("p99", ms(at(99)));
        return m;
    }

    private double at(double percentile) {
        return count == 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1e6;
    }

    /** Milliseconds with 4 decimals (0.1 µs): phases are often a few microseconds. */
    static Object ms(double v) {
        return JsonMaps.round(v, 4);
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
