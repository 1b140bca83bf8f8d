package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.map;
import static io.jwtbench.bench.runtime.JsonMaps.times;
import static io.jwtbench.bench.runtime.JsonMaps.round;
import static io.jwtbench.bench.runtime.plan.Percentile.MAX;
import static io.jwtbench.bench.runtime.plan.Percentile.P50;
import static io.jwtbench.bench.runtime.plan.Percentile.P75;
import static io.jwtbench.bench.runtime.plan.Percentile.P90;
import static io.jwtbench.bench.runtime.plan.Percentile.P99;
import static io.jwtbench.bench.runtime.plan.Percentile.P99_9;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.plan.Durations;
import io.jwtbench.bench.runtime.plan.Percentile;
import io.jwtbench.bench.runtime.stats.Breakdown;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.Verdict;
import io.jwtbench.bench.runtime.sweep.SweepReport;
import io.jwtbench.bench.runtime.sweep.SweepStep;

/** The JSON form of a {@link SweepReport}: one row per step, then the analysis. */
public final class SweepJson {
    /** A step's latencies (the OpenAPI schema lists the same). */
    public static final List<Percentile> LATENCIES = List.of(P50, P75, P90, P99, P99_9, MAX);

    private SweepJson() {
    }

    public static Map<String, Object> report(SweepReport s) {
        Map<String, Object> m = head(s);
        m.put("spec", s.spec().echo());
        times(m, s.startedAt(), s.finishedAt());
        m.put("endsWithin", Durations.format(s.endsWithin())); // every step's bound, its warm-up step's and the pauses
        m.put("stepsPlanned", s.spec().steps().size());
        List<Object> steps = new ArrayList<>();
        for (SweepStep st : s.steps()) {
            steps.add(step(st));
        }
        m.put("steps", steps);
        if (s.warmupStep() != null) { // not asked for by name: say what it was and what it took
            RunReport w = s.warmupStep();
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("why", "\"warmup\":\"auto\": the JVM warms up once at the heaviest load before the first step");
            step.put("runId", w.id());
            step.put("status", w.status().name());
            if (w.finishedAt() != null) {
                step.put("seconds", round(Duration.between(w.startedAt(), w.finishedAt()).toNanos() / 1e9, 1));
            }
            if (w.warmup() != null) {
                step.put("warmupSeconds", round(w.warmup().durationSeconds(), 1));
                step.put("warmupStoppedBecause", w.warmup().stoppedBecause());
            }
            m.put("warmupStep", step);
        }
        if (s.analysis() != null) {
            Map<String, Object> analysis = new LinkedHashMap<>(s.analysis().toMap());
            analysis.put("unsteadySteps", s.unsteadyLoads());
            analysis.put("steadiness", s.steadinessNote());
            m.put("analysis", analysis);
        }
        if (s.error() != null) {
            m.put("error", s.error());
        }
        if (s.verdict() != null) {
            m.put(Verdict.SECTION, RunReportJson.verdict(s.verdict()));
        }
        return m;
    }

    public static Map<String, Object> summary(SweepReport s) {
        Map<String, Object> m = head(s);
        m.put("startedAt", s.startedAt().toString());
        m.put("stepsDone", s.steps().stream().filter(st -> st.report().status().isTerminal()).count());
        m.put("stepsPlanned", s.spec().steps().size());
        if (s.analysis() != null) {
            m.put("limiter", s.analysis().limiter().kind().label());
        }
        return m;
    }

    private static Map<String, Object> head(SweepReport s) {
        return map("id", s.id(), "status", s.status().name(), "target", s.spec().target(), "loadModel",
                s.spec().loadModel().label());
    }

    private static Map<String, Object> step(SweepStep st) {
        RunReport r = st.report();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("step", st.index() + 1);
        r.loadModel().echo(m); // connections, and the rate of an open model
        m.put("runId", r.id());
        m.put("status", r.status().name());
        if (st.measured()) {
            LatencyStats l = r.latency();
            m.put("requests", r.measured().requests());
            m.put("throughput", round(r.measured().rps(), 2));
            m.putAll(RunReportJson.latencies(l, LATENCIES));
            m.put("mean", round(l.mean(), 3));
            m.put("errors", r.errors().total());
            m.put("timeouts", r.errors().timeout());
        }
        if (st.steady().known()) {
            m.put("steady", st.steady().steady());
            if (!st.steady().steady()) {
                m.put("notSteady", st.steady().reasons());
            }
        }
        JvmFacts jvm = st.jvm();
        if (jvm.present()) {
            m.put("cpuPercentPeak", round(100 * jvm.cpuSharePeak(), 1));
            m.put("cpuPercentMean", round(100 * jvm.cpuShareMean(), 1));
            m.put("cpuCoresMean", round(jvm.meanCores(), 3));
            m.put("threadsPeak", jvm.threadsPeak());
            m.put("hostCpuPercentMean", round(100 * jvm.hostCpuShareMean(), 1));
        }
        if (r.generator() != null) {
            m.put("generatorCpuShare", round(r.generator().cpuShareOfProcess(), 3));
        }
        if (st.breakdown() != null) {
            m.put(Breakdown.SECTION, st.breakdown());
        }
        if (r.verdict() != null) {
            m.put(Verdict.SECTION, r.verdict().result());
        }
        if (r.error() != null) {
            m.put("error", r.error());
        }
        return m;
    }
}
