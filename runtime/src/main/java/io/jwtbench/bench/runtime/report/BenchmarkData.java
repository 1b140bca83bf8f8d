package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

import org.HdrHistogram.Histogram;

import io.jwtbench.bench.runtime.observe.SteadyView;
import io.jwtbench.bench.runtime.JsonMaps;
import io.jwtbench.bench.runtime.analysis.ThroughputError;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * {@code benchmark-data.json}: the layout the earlier investigations' report tooling reads
 * ({@code metadata}, {@code overview}, {@code benchmarks[]} with {@code name}, {@code throughput},
 * {@code latency}, {@code percentiles{"0.0","50.0","75.0","90.0","95.0","99.0","99.9","99.99","100.0"}}
 * in ms, and {@code chartData}). Every percentile is read from the run's HdrHistogram. The formatted
 * strings ({@code "9.8K ops/s"}, {@code "2.1ms"}) are kept as that layout has them; the exact numbers
 * are alongside ({@code throughputOpsPerSecond}, {@code latencyMs}). {@code error} and
 * {@code errorPercentage} are the 99.9 % confidence half-width of the throughput from its per-second
 * series ({@link ThroughputError}), and are absent for runs shorter than two seconds.
 */
public final class BenchmarkData {
    private static final double[] PERCENTILES = { 0.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.9, 99.99, 100.0 };
    private static final DateTimeFormatter DISPLAY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    /** A measured run and its benchmark name; {@code extra} keys are added to its benchmark (a compare's spread). */
    public record Entry(String name, String fullName, RunReport report, Map<String, Object> extra) {
        public Entry(String name, String fullName, RunReport report) {
            this(name, fullName, report, Map.of());
        }
    }

    private BenchmarkData() {
    }

    /** Entries without measurements are left out. */
    public static Map<String, Object> of(String benchmarkType, List<Entry> entries) {
        Instant now = Instant.now();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("metadata", map("timestamp", now.toString(), "displayTimestamp", DISPLAY.format(now), "benchmarkType",
                benchmarkType, "reportVersion", "2.0", "generator", "jwt-bench /q/bench"));
        List<Object> benchmarks = new ArrayList<>();
        List<Object> labels = new ArrayList<>();
        List<Object> throughput = new ArrayList<>();
        List<Object> latency = new ArrayList<>();
        Map<String, List<Object>> datasets = new LinkedHashMap<>();
        for (double p : PERCENTILES) {
            datasets.put(key(p) + "th", new ArrayList<>());
        }
        Entry best = null;
        for (Entry e : entries) {
            RunReport r = e.report();
            if (r.latency() == null || r.measured() == null || r.latency().count() == 0) {
                continue;
            }
            Histogram h = r.latency().decode();
            Map<String, Object> percentiles = new LinkedHashMap<>();
            for (double p : PERCENTILES) {
                long v = p == 0 ? h.getMinValue() : p == 100 ? h.getMaxValue() : h.getValueAtPercentile(p);
                Object ms = JsonMaps.round(LatencyStats.ms(v), 3);
                percentiles.put(key(p), ms);
                datasets.get(key(p) + "th").add(ms);
            }
            double rps = r.measured().rps();
            double p50 = r.latency().p50();
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("name", e.name());
            b.put("fullName", e.fullName());
            b.put("mode", "thrpt");
            b.put("score", opsPerSecond(rps));
            b.put("scoreUnit", "ops/s");
            b.put("throughput", opsPerSecond(rps));
            b.put("latency", Format.latency(p50).replace("us", "μs"));
            // a real spread or nothing: under two full seconds the fields are left out
            OptionalDouble error = ThroughputError.halfWidth(r.timeSeries(), r.measured().durationSeconds());
            if (error.isPresent()) {
                b.put("error", JsonMaps.round(error.getAsDouble(), 3));
                b.put("errorPercentage", JsonMaps.round(rps > 0 ? 100 * error.getAsDouble() / rps : 0, 2));
            }
            b.put("percentiles", percentiles);
            b.put("throughputOpsPerSecond", JsonMaps.round(rps, 3));
            b.put("latencyMs", JsonMaps.round(p50, 3));
            b.put("runId", r.id());
            b.put("target", r.target());
            b.put("loadModel", r.loadModel().label());
            r.loadModel().echo(b); // connections, rate, rampTo as the run's spec has them
            b.put("requests", r.measured().requests());
            b.put("errors", r.errors().total());
            b.put("timeouts", r.errors().timeout());
            b.put("durationSeconds", JsonMaps.round(r.measured().durationSeconds(), 3));
            SteadyView steady = SteadyView.of(r);
            if (steady.known()) {
                b.put("steady", steady.steady());
                b.put("steadyReasons", steady.reasons());
            }
            b.putAll(e.extra());
            benchmarks.add(b);
            labels.add(e.name());
            throughput.add(JsonMaps.round(rps, 3));
            latency.add(JsonMaps.round(p50, 3));
            if (best == null || rps > best.report().measured().rps()) {
                best = e;
            }
        }
        if (best != null) {
            root.put("overview", map("throughput", opsPerSecond(best.report().measured().rps()), "latency",
                    Format.latency(best.report().latency().p50()).replace("us", "μs"), "throughputBenchmarkName", best.name(),
                    "latencyBenchmarkName", best.name()));
        }
        root.put("benchmarks", benchmarks);
        List<Object> percentileLabels = new ArrayList<>();
        for (double p : PERCENTILES) {
            percentileLabels.add("P" + (p == Math.rint(p) ? String.valueOf((long) p) : key(p)));
        }
        root.put("chartData", map("labels", labels, "throughput", throughput, "latency", latency, "percentilesData",
                map("percentileLabels", percentileLabels, "benchmarks", labels, "labels", labels, "datasets", datasets)));
        return root;
    }

    static String key(double p) {
        return BigDecimalText.of(p);
    }

    /** "9.8K ops/s", "512 ops/s", "1.2M ops/s" (dot decimals, whatever the server's locale). */
    static String opsPerSecond(double v) {
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.1fM ops/s", v / 1e6);
        }
        if (v >= 1e3) {
            return String.format(Locale.ROOT, "%.1fK ops/s", v / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f ops/s", v);
    }

    /** "50.0", "99.9", "99.99": the keys of that layout. */
    private static final class BigDecimalText {
        static String of(double p) {
            String s = new java.math.BigDecimal(String.valueOf(p)).stripTrailingZeros().toPlainString();
            return s.contains(".") ? s : s + ".0";
        }
    }
}
