package io.jwtbench.bench.runtime.codec;

import static io.jwtbench.bench.runtime.JsonMaps.round;

import static io.jwtbench.bench.runtime.JsonMaps.map;
import static io.jwtbench.bench.runtime.JsonMaps.times;
import static io.jwtbench.bench.runtime.plan.Percentile.MAX;
import static io.jwtbench.bench.runtime.plan.Percentile.P50;
import static io.jwtbench.bench.runtime.plan.Percentile.P75;
import static io.jwtbench.bench.runtime.plan.Percentile.P90;
import static io.jwtbench.bench.runtime.plan.Percentile.P95;
import static io.jwtbench.bench.runtime.plan.Percentile.P99;
import static io.jwtbench.bench.runtime.plan.Percentile.P99_9;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.Percentile;
import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.GeneratorStats;
import io.jwtbench.bench.runtime.stats.HistogramCodec;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.Progress;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.SecondStats;
import io.jwtbench.bench.runtime.stats.Sections;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * The JSON form of a {@link RunReport}, both ways: {@link #write} for every answer of the API,
 * {@link #read} for what another process wrote (a fleet's pods; baselines). The top level is spelled
 * out field by field; the typed sections are records whose component names are their keys. Absent
 * sections are left out; milliseconds keep 3 decimals (the histogram's microsecond resolution, and the
 * histogram itself is in {@code latency.histogram}, so reading recomputes the percentiles exactly);
 * unknown numbers are null. {@code ReportCodecTest} writes what it read of real runs and gets the same
 * JSON back.
 */
public final class RunReportJson {
    /**
     * For the typed sections. A key it does not know is skipped: a pod of a newer build (a rolling update)
     * may write a section field this one lacks, and the merge needs none of them.
     */
    private static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * The version of this JSON form, so that a report saved by one build and posted back to another as a
     * baseline is read as what it is, or refused by name. Reports written before the field are format 1.
     */
    public static final int FORMAT = 1;
    public static final String FORMAT_FIELD = "reportFormat";

    private RunReportJson() {
    }

    public static Map<String, Object> write(RunReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id());
        m.put(FORMAT_FIELD, FORMAT);
        m.put("status", r.status().name());
        m.put("target", r.target());
        m.put("loadModel", r.loadModel().label());
        putIfNotNull(m, "endpoint", r.endpoint());
        m.put("spec", r.spec());
        m.put("options", r.options());
        times(m, r.startedAt(), r.finishedAt());
        if (r.progress() != null) {
            m.put("progress", progress(r.progress()));
        }
        if (r.warmup() != null) {
            Map<String, Object> w = map("durationSeconds", round(r.warmup().durationSeconds(), 3), "requests",
                    r.warmup().requests(), "rps", round(r.warmup().rps(), 2));
            if (r.warmup().auto()) {
                w.put("auto", true);
                w.put("stoppedBecause", r.warmup().stoppedBecause());
            }
            m.put("warmup", w);
        }
        if (r.measured() != null) {
            m.put("measured", map("durationSeconds", round(r.measured().durationSeconds(), 3), "requests",
                    r.measured().requests(), "rps", round(r.measured().rps(), 2), "bytesRead",
                    r.measured().bytesRead()));
        }
        if (r.latency() != null) {
            m.put("latency", latency(r.latency()));
        }
        if (r.uncorrectedLatency() != null) {
            m.put("uncorrectedLatency", latency(r.uncorrectedLatency()));
        }
        if (r.latency() != null) {
            m.put("errors", errors(r.errors()));
            m.put("expectedRejections", r.expectedRejections());
            m.put("unexpectedSuccesses", r.unexpectedSuccesses());
        }
        if (r.generator() != null) {
            m.put("generator", generator(r.generator()));
        }
        if (r.latency() != null) {
            List<Object> series = new ArrayList<>();
            for (SecondStats s : r.timeSeries()) {
                series.add(map("second", s.second(), "requests", s.requests(), "rps", round(s.rps(), 2), P50.key(),
                        round(s.p50(), 3), P90.key(), round(s.p90(), 3), P99.key(), round(s.p99(), 3), "errors", s.errors()));
            }
            m.put("timeSeries", series);
        }
        putIfNotNull(m, "error", r.error());
        Sections b = r.sections();
        putIfNotNull(m, "startAt", b.startAt() == null ? null : b.startAt().toString());
        putIfNotNull(m, "trigger", b.trigger()); // api | smoke | fleet <id> (see Run, api/Runs)
        // what the run measured, the application's own sections, then what was judged of the run
        Sections.KINDS.stream().filter(k -> !k.judgement()).forEach(k -> section(m, b, k));
        r.extensions().forEach(m::putIfAbsent);
        Sections.KINDS.stream().filter(Sections.Kind::judgement).forEach(k -> section(m, b, k));
        return m;
    }

    /** {@code {"result": "passed"|"failed", "reasons": [..]}}. */
    public static Map<String, Object> verdict(Verdict v) {
        return map("result", v.result(), "reasons", v.reasons());
    }

    /** One line of the run list. */
    public static Map<String, Object> summary(RunReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id());
        m.put("status", r.status().name());
        m.put("target", r.target());
        m.put("loadModel", r.loadModel().label());
        putIfNotNull(m, "trigger", r.sections().trigger()); // api | smoke | fleet <id> (see Run, api/Runs)
        if (r.verdict() != null) {
            m.put(Verdict.SECTION, r.verdict().result());
        }
        times(m, r.startedAt(), r.finishedAt());
        if (r.measured() != null) {
            m.put("requests", r.measured().requests());
            m.put("rps", round(r.measured().rps(), 2));
        }
        if (r.latency() != null) {
            m.put("p99", round(r.latency().p99(), 3));
            m.put("errors", r.errors().total());
        }
        return m;
    }

    /** A run's progress as one live event: status, then the progress figures and the errors so far. */
    public static Map<String, Object> progressEvent(RunReport r) {
        Map<String, Object> m = map("id", r.id(), "status", r.status().name());
        if (r.progress() != null) {
            m.putAll(progress(r.progress()));
        }
        m.put("errors", r.errors().total());
        return m;
    }

    /** A run's live figures: also each pod's row of a fleet's progress event ({@link FleetView#progressEvent}). */
    public static Map<String, Object> progress(Progress p) {
        return map("phase", p.phase(), "elapsedSeconds", round(p.elapsedSeconds(), 3), "requests", p.requests(),
                "currentRps", round(p.currentRps(), 2), "lastSecondP50", round(p.lastSecondP50(), 3),
                "lastSecondP99", round(p.lastSecondP99(), 3));
    }

    /** A report's percentiles up to p99.9; p99.99 and the maximum follow them in the JSON. */
    private static final List<Percentile> UP_TO_P99_9 = List.of(P50, P75, P90, P95, P99, P99_9);

    private static Map<String, Object> latency(LatencyStats l) {
        Map<String, Object> m = map("unit", LatencyStats.UNIT, "count", l.count());
        m.putAll(latencies(l, UP_TO_P99_9));
        m.put("p99_99", round(l.p99_99(), 3)); // reported, but not a figure a threshold or bound may name
        m.put(MAX.key(), round(l.at(MAX), 3));
        m.put("mean", round(l.mean(), 3));
        m.put("stdev", round(l.stdev(), 3));
        m.put("histogram", l.histogram());
        return m;
    }

    /** The figures {@code which} of {@code l}, in that order under their JSON keys, in milliseconds to the microsecond. */
    public static Map<String, Object> latencies(LatencyStats l, List<Percentile> which) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Percentile p : which) {
            m.put(p.key(), round(l.at(p), 3));
        }
        return m;
    }

    private static Map<String, Object> errors(ErrorCounts e) {
        return map("connect", e.connect(), "timeout", e.timeout(), "reset", e.reset(), "status4xx", e.status4xx(),
                "status5xx", e.status5xx(), "tlsHandshake", e.tlsHandshake(), "total", e.total());
    }

    private static Map<String, Object> generator(GeneratorStats g) {
        return map("cpuSeconds", round(g.cpuSeconds(), 3), "cpuShareOfProcess", round(g.cpuShareOfProcess(), 3),
                "eventLoops", g.eventLoops(), "lateStarts", g.lateStarts(), "maxScheduleLagMs",
                round(g.maxScheduleLagMs(), 3), "meanScheduleLagMs", round(g.meanScheduleLagMs(), 3),
                "connectionWaitMs", round(g.connectionWaitMs(), 3), "scheduleLagMs",
                map(P50.key(), round(g.scheduleLagP50Ms(), 3), P99.key(), round(g.scheduleLagP99Ms(), 3), MAX.key(),
                        round(g.maxScheduleLagMs(), 3)),
                "inFlightAtStop", g.inFlightAtStop(), "unsentAtStop", g.unsentAtStop());
    }

    /** The section of {@code kind} as its record writes itself, or why its producer failed. */
    private static void section(Map<String, Object> m, Sections sections, Sections.Kind<?> kind) {
        Object section = sections.get(kind);
        if (section != null) {
            m.put(kind.name(), section);
        } else if (sections.failed().containsKey(kind.name())) {
            m.put(kind.name(), map("error", sections.failed().get(kind.name())));
        }
    }

    private static void putIfNotNull(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }

    // --- reading -------------------------------------------------------------------------------

    /** The keys {@link #write} writes itself; any other is an application extension's section. */
    private static final Set<String> KEYS = keys();

    private static Set<String> keys() {
        Set<String> keys = new java.util.HashSet<>(Set.of("id", FORMAT_FIELD, "status", "target", "loadModel", "endpoint",
                "spec", "options", "startedAt", "finishedAt", "progress", "warmup", "measured", "latency",
                "uncorrectedLatency", "errors", "expectedRejections", "unexpectedSuccesses", "generator", "timeSeries",
                "error", "startAt", "trigger"));
        Sections.KINDS.forEach(k -> keys.add(k.name()));
        return Set.copyOf(keys);
    }

    /**
     * {@code r} as its JSON reads back: the figures as the report publishes them (rates to the hundredth, per-second
     * latencies to the microsecond). A regression is computed from these, so that a run held against another by
     * their ids and by their saved reports gets the same one to the last digit.
     */
    public static RunReport published(RunReport r) {
        return read(JSON.valueToTree(write(r)), r.loadModel());
    }

    /**
     * A report as {@link #write} wrote it, whole: the latency figures recomputed from the histograms (never
     * from the rounded figures), so merging what was read is exact.
     *
     * @param loadModel the run's load model (the JSON has its label only)
     * @throws IllegalArgumentException naming what it could not read
     */
    @SuppressWarnings("unchecked")
    public static RunReport read(JsonNode r, LoadModel loadModel) {
        JsonNode w = r.get("warmup");
        JsonNode m = r.get("measured");
        JsonNode e = r.path("errors");
        List<SecondStats> series = new ArrayList<>();
        for (JsonNode s : r.path("timeSeries")) {
            series.add(new SecondStats(s.path("second").asInt(), s.path("requests").asLong(), s.path("rps").asDouble(),
                    number(s.get(P50.key())), number(s.get(P90.key())), number(s.get(P99.key())), s.path("errors").asLong()));
        }
        Map<String, Object> extensions = new LinkedHashMap<>();
        r.fields().forEachRemaining(f -> {
            if (!KEYS.contains(f.getKey())) {
                extensions.put(f.getKey(), JSON.convertValue(f.getValue(), Object.class));
            }
        });
        return new RunReport(r.path("id").asText(), RunStatus.valueOf(r.path("status").asText()),
                r.path("target").asText(), loadModel, r.path("endpoint").asText(null),
                JSON.convertValue(r.path("spec"), Map.class), JSON.convertValue(r.path("options"), Map.class),
                instant(r.get("startedAt")), instant(r.get("finishedAt")),
                w == null ? null : new RunReport.Warmup(w.path("durationSeconds").asDouble(), w.path("requests").asLong(),
                        w.path("rps").asDouble(), w.path("auto").asBoolean(false), w.path("stoppedBecause").asText(null)),
                m == null ? null : new RunReport.Measured(m.path("durationSeconds").asDouble(), m.path("requests").asLong(),
                        m.path("rps").asDouble(), m.path("bytesRead").asLong()),
                latency(r.get("latency")), latency(r.get("uncorrectedLatency")),
                new ErrorCounts(e.path("connect").asLong(), e.path("timeout").asLong(), e.path("reset").asLong(),
                        e.path("status4xx").asLong(), e.path("status5xx").asLong(), e.path("tlsHandshake").asLong()),
                r.path("expectedRejections").asLong(), r.path("unexpectedSuccesses").asLong(), generator(r.get("generator")),
                series, progress(r), r.path("error").asText(null), sections(r), extensions);
    }

    /** The {@code progress} section of a running run; null when it has none (queued, ended). */
    public static Progress progress(JsonNode r) {
        JsonNode p = r.get("progress");
        return p == null || !p.isObject() ? null
                : new Progress(p.path("phase").asText(), p.path("elapsedSeconds").asDouble(), p.path("requests").asLong(),
                        p.path("currentRps").asDouble(), number(p.get("lastSecondP50")), number(p.get("lastSecondP99")));
    }

    private static Sections sections(JsonNode r) {
        Sections s = Sections.of(instant(r.get("startAt")), r.path("trigger").asText(null));
        for (Sections.Kind<?> kind : Sections.KINDS) {
            JsonNode node = r.get(kind.name());
            if (node == null || node.isNull()) {
                continue;
            }
            if (node.size() == 1 && node.has("error")) { // its producer failed
                s = s.failing(kind.name(), node.get("error").asText());
                continue;
            }
            try {
                s = s.with(JSON.treeToValue(node, kind.type()));
            } catch (JsonProcessingException ex) {
                throw new IllegalArgumentException(kind.name() + ": " + ex.getOriginalMessage());
            }
        }
        return s;
    }

    private static GeneratorStats generator(JsonNode g) {
        if (g == null || !g.isObject()) {
            return null;
        }
        JsonNode lag = g.path("scheduleLagMs");
        return new GeneratorStats(g.path("cpuSeconds").asDouble(), g.path("cpuShareOfProcess").asDouble(),
                g.path("eventLoops").asInt(), g.path("lateStarts").asLong(), number(g.get("maxScheduleLagMs")),
                number(g.get("meanScheduleLagMs")), number(g.get("connectionWaitMs")), number(lag.get(P50.key())),
                number(lag.get(P99.key())), g.path("inFlightAtStop").asLong(), g.path("unsentAtStop").asLong());
    }

    private static LatencyStats latency(JsonNode l) {
        return l == null || !l.hasNonNull("histogram") ? null
                : LatencyStats.of(HistogramCodec.decode(l.get("histogram").asText()));
    }

    private static Instant instant(JsonNode n) {
        return n == null || n.isNull() ? null : Instant.parse(n.asText());
    }

    private static double number(JsonNode n) {
        return n == null || n.isNull() ? Double.NaN : n.asDouble();
    }
}
