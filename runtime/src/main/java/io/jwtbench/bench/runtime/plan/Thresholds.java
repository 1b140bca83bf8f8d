package io.jwtbench.bench.runtime.plan;

import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Pass/fail limits a run is judged against, as k6 thresholds or Hyperfoil SLAs:
 * {@code "thresholds": {"p99": "10ms", "minRps": 1000, "maxErrorRate": 0.001}} on any run, compare,
 * sweep or fleet spec. The start-up smoke bench judges its runs with the same limits
 * ({@code quarkus.bench.smoke.max-p99}, ...). A limit that is not given is not checked.
 *
 * @param maxLatencyMs upper bound per latency figure, in ms
 * @param minRps lowest acceptable measured throughput; NaN or 0: not checked
 * @param maxErrorRate highest acceptable share of failed requests; NaN: not checked
 */
public record Thresholds(Map<Percentile, Double> maxLatencyMs, double minRps, double maxErrorRate) {
    public static final String FIELD = "thresholds";
    public static final Thresholds NONE = new Thresholds(Map.of(), Double.NaN, Double.NaN);

    public Thresholds {
        // the reasons read in the percentiles' order, whatever the JSON's
        maxLatencyMs = Collections.unmodifiableMap(maxLatencyMs.isEmpty() ? Map.of() : new EnumMap<>(maxLatencyMs));
    }

    public boolean isEmpty() {
        return maxLatencyMs.isEmpty() && !checksRps() && !checksErrorRate();
    }

    public boolean checksRps() {
        return minRps > 0;
    }

    public boolean checksErrorRate() {
        return !Double.isNaN(maxErrorRate);
    }

    /** As a caller would write it. */
    public Map<String, Object> echo() {
        Map<String, Object> m = new LinkedHashMap<>();
        maxLatencyMs.forEach((k, ms) -> m.put(k.key(), Durations.format(Duration.ofNanos(Math.round(ms * 1e6)))));
        if (checksRps()) {
            m.put("minRps", minRps);
        }
        if (checksErrorRate()) {
            m.put("maxErrorRate", maxErrorRate);
        }
        return m;
    }

    /** The {@code thresholds} object of a spec; absent or null: {@link #NONE}. */
    public static Thresholds parse(JsonNode node) {
        if (node == null || node.isNull()) {
            return NONE;
        }
        if (!node.isObject()) {
            throw new SpecException(FIELD, "must be an object such as {\"p99\":\"10ms\",\"minRps\":1000,\"maxErrorRate\":0.001}");
        }
        Map<Percentile, Double> latency = new EnumMap<>(Percentile.class);
        double minRps = Double.NaN;
        double maxErrorRate = Double.NaN;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String field = FIELD + "." + e.getKey();
            JsonNode v = e.getValue();
            Optional<Percentile> percentile = Percentile.ofKey(e.getKey());
            if (percentile.isPresent()) {
                latency.put(percentile.get(), latencyMs(field, v));
            } else if (e.getKey().equals("minRps")) {
                minRps = number(field, v, Double.MAX_VALUE);
            } else if (e.getKey().equals("maxErrorRate")) {
                maxErrorRate = number(field, v, 1);
            } else {
                throw new SpecException(field, "unknown threshold; known: "
                        + Arrays.stream(Percentile.values()).map(Percentile::key).collect(Collectors.joining(", "))
                        + " (durations), minRps, maxErrorRate");
            }
        }
        return new Thresholds(latency, minRps, maxErrorRate);
    }

    private static double latencyMs(String field, JsonNode v) {
        if (!v.isTextual()) {
            throw new SpecException(field, "must be a duration such as \"10ms\", got " + v);
        }
        Duration d;
        try {
            d = Durations.parse(v.asText());
        } catch (IllegalArgumentException e) {
            throw new SpecException(field, e.getMessage());
        }
        if (d.isNegative() || d.isZero()) {
            throw new SpecException(field, "must be positive");
        }
        return d.toNanos() / 1e6;
    }

    private static double number(String field, JsonNode v, double max) {
        if (!v.isNumber() || v.asDouble() < 0 || v.asDouble() > max || !Double.isFinite(v.asDouble())) {
            throw new SpecException(field, (max == 1 ? "must be a number between 0 and 1" : "must be a number >= 0")
                    + ", got " + v);
        }
        return v.asDouble();
    }
}
