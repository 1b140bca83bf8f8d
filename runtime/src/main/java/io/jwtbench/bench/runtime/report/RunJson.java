package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.round;

import static io.jwtbench.bench.runtime.JsonMaps.map;
import static io.jwtbench.bench.runtime.JsonMaps.times;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.GeneratorStats;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.Progress;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.SecondStats;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * The JSON form of a {@link RunReport}, spelled out field by field: this is the API contract, so it
 * must not depend on reflection or naming strategies. Absent sections are left out; milliseconds
 * keep 3 decimals (the histogram's microsecond resolution); unknown numbers are null.
 */
public final class RunJson {
    private RunJson() {
    }

    public static Map<String, Object> report(RunReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id());
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
                series.add(map("second", s.second(), "requests", s.requests(), "rps", round(s.rps(), 2), "p50",
                        round(s.p50(), 3), "p90", round(s.p90(), 3), "p99", round(s.p99(), 3), "errors", s.errors()));
            }
            m.put("timeSeries", series);
        }
        putIfNotNull(m, "error", r.error());
        r.extensions().forEach((name, section) -> m.putIfAbsent(name,
                section instanceof Verdict v ? verdict(v) : section));
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
        putIfNotNull(m, "trigger", r.extensions().get("trigger")); // api | smoke (see Run)
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
    static Map<String, Object> progress(Progress p) {
        return map("phase", p.phase(), "elapsedSeconds", round(p.elapsedSeconds(), 3), "requests", p.requests(),
                "currentRps", round(p.currentRps(), 2), "lastSecondP50", round(p.lastSecondP50(), 3),
                "lastSecondP99", round(p.lastSecondP99(), 3));
    }

    private static Map<String, Object> latency(LatencyStats l) {
        return map("unit", LatencyStats.UNIT, "count", l.count(), "p50", round(l.p50(), 3), "p75", round(l.p75(), 3),
                "p90", round(l.p90(), 3), "p95", round(l.p95(), 3), "p99", round(l.p99(), 3), "p99_9",
                round(l.p99_9(), 3), "p99_99", round(l.p99_99(), 3), "max", round(l.max(), 3), "mean",
                round(l.mean(), 3), "stdev", round(l.stdev(), 3), "histogram", l.histogram());
    }

    private static Map<String, Object> errors(ErrorCounts e) {
        return map("connect", e.connect(), "timeout", e.timeout(), "reset", e.reset(), "status4xx", e.status4xx(),
                "status5xx", e.status5xx(), "total", e.total());
    }

    private static Map<String, Object> generator(GeneratorStats g) {
        return map("cpuSeconds", round(g.cpuSeconds(), 3), "cpuShareOfProcess", round(g.cpuShareOfProcess(), 3),
                "eventLoops", g.eventLoops(), "lateStarts", g.lateStarts(), "maxScheduleLagMs",
                round(g.maxScheduleLagMs(), 3), "meanScheduleLagMs", round(g.meanScheduleLagMs(), 3),
                "connectionWaitMs", round(g.connectionWaitMs(), 3), "scheduleLagMs",
                map("p50", round(g.scheduleLagP50Ms(), 3), "p99", round(g.scheduleLagP99Ms(), 3), "max",
                        round(g.maxScheduleLagMs(), 3)),
                "inFlightAtStop", g.inFlightAtStop(), "unsentAtStop", g.unsentAtStop());
    }

    private static void putIfNotNull(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }
}
