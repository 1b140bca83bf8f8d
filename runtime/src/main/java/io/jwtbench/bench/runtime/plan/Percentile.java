package io.jwtbench.bench.runtime.plan;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A latency figure a caller may name (a threshold, a sweep's latency bound) and a report writes: its JSON key
 * ({@code p99_9}: a dot would read as a path in most JSON tools), the label a table or chart shows
 * ({@code p99.9}), and the percentile HdrHistogram is asked for. {@link #MAX} is the 100th: the largest value
 * recorded.
 */
public enum Percentile {
    P50("p50", "p50", 50),
    P75("p75", "p75", 75),
    P90("p90", "p90", 90),
    P95("p95", "p95", 95),
    P99("p99", "p99", 99),
    P99_9("p99_9", "p99.9", 99.9),
    MAX("max", "max", 100);

    private final String key;
    private final String label;
    private final double percent;

    Percentile(String key, String label, double percent) {
        this.key = key;
        this.label = label;
        this.percent = percent;
    }

    /** Its JSON key in a report's {@code latency}, a spec's {@code thresholds} or a sweep's {@code boundPercentile}. */
    @JsonValue
    public String key() {
        return key;
    }

    /** As a table's heading or a chart's legend says it. */
    public String label() {
        return label;
    }

    /** What HdrHistogram's {@code getValueAtPercentile} is asked for. */
    public double percent() {
        return percent;
    }

    /** The one with this JSON key, if any. */
    public static Optional<Percentile> ofKey(String key) {
        return Arrays.stream(values()).filter(p -> p.key.equals(key)).findFirst();
    }

    /** Their keys as an error message lists them: {@code "p50", "p90" or "p99"}. */
    public static String keys(Percentile... some) {
        String quoted = Arrays.stream(some).map(p -> "\"" + p.key + "\"").collect(Collectors.joining(", "));
        int last = quoted.lastIndexOf(", ");
        return last < 0 ? quoted : quoted.substring(0, last) + " or " + quoted.substring(last + 2);
    }

    @Override
    public String toString() {
        return key;
    }
}
