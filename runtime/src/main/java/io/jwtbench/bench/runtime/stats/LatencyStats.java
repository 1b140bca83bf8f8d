package io.jwtbench.bench.runtime.stats;

import io.jwtbench.bench.runtime.plan.Percentile;

import org.HdrHistogram.Histogram;

/**
 * Latency figures of a histogram, in milliseconds, every one read from the histogram itself (never
 * derived from mean and stdev), plus the histogram so others can merge or re-slice it.
 *
 * @param histogram base64 compressed HdrHistogram, values in microseconds
 */
public record LatencyStats(long count, double p50, double p75, double p90, double p95, double p99, double p99_9,
        double p99_99, double max, double mean, double stdev, String histogram) {

    public static final String UNIT = "ms";
    /** The histograms record microseconds; every figure and rendering is in milliseconds. */
    public static final double MICROS_PER_MS = 1000.0;

    public static LatencyStats of(Histogram h) {
        return new LatencyStats(h.getTotalCount(), at(h, 50), at(h, 75), at(h, 90), at(h, 95), at(h, 99), at(h, 99.9),
                at(h, 99.99), ms(h.getMaxValue()), h.getTotalCount() == 0 ? 0 : h.getMean() / MICROS_PER_MS,
                h.getTotalCount() == 0 ? 0 : h.getStdDeviation() / MICROS_PER_MS, HistogramCodec.encode(h));
    }

    /** One of its figures by name. */
    public double at(Percentile p) {
        return switch (p) {
            case P50 -> p50;
            case P75 -> p75;
            case P90 -> p90;
            case P95 -> p95;
            case P99 -> p99;
            case P99_9 -> p99_9;
            case MAX -> max;
        };
    }

    public Histogram decode() {
        return HistogramCodec.decode(histogram);
    }

    /** Exact: the figures of the union of both recordings. */
    public LatencyStats merge(LatencyStats other) {
        Histogram sum = decode();
        sum.add(other.decode());
        return of(sum);
    }

    private static double at(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : ms(h.getValueAtPercentile(percentile));
    }

    /** The one microseconds → milliseconds conversion. */
    public static double ms(long micros) {
        return micros / MICROS_PER_MS;
    }
}
