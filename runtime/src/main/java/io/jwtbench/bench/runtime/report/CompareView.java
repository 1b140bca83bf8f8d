package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.map;
import static io.jwtbench.bench.runtime.JsonMaps.round;
import static io.jwtbench.bench.runtime.JsonMaps.times;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.plan.ComparePlan;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * A compare (a {@link RunSeries} of kind {@code compare}, one step per model) as JSON and as a plain
 * table. Each row is drawn from its run's report: the run's own report stays at
 * {@code /q/bench/runs/{runId}}.
 */
public final class CompareView {

    private CompareView() {
    }

    public static Map<String, Object> json(RunSeries s) {
        Map<String, Object> m = head(s);
        Map<String, Object> spec = new LinkedHashMap<>(s.steps().get(0).spec().echo());
        spec.remove(ComparePlan.OPTION);
        m.put("spec", spec);
        m.put("models", models(s));
        m.put("jvm", jvm());
        times(m, s.startedAt(), s.finishedAt());
        s.current().ifPresent(run -> {
            RunReport r = run.report();
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("model", s.steps().get(s.results().size() - 1).label());
            c.put("runId", r.id());
            c.put("status", r.status().name());
            if (r.progress() != null) {
                c.put("elapsedSeconds", round(r.progress().elapsedSeconds(), 3));
                c.put("requests", r.progress().requests());
            }
            m.put("current", c);
        });
        List<Object> rows = new ArrayList<>();
        List<RunSeries.StepResult> results = s.results();
        for (int i = 0; i < s.steps().size(); i++) {
            rows.add(i < results.size() ? row(results.get(i))
                    : Map.of("model", s.steps().get(i).label(), "status", s.status().isTerminal() ? "SKIPPED" : "PENDING"));
        }
        m.put("rows", rows);
        if (s.error() != null) {
            m.put("error", s.error());
        }
        Verdict verdict = verdict(s);
        if (verdict != null) {
            m.put(Verdict.SECTION, RunJson.verdict(verdict));
        }
        return m;
    }

    /**
     * Once the compare ended, with {@code thresholds} in its spec: passed when every model's run
     * passed (a model that did not run fails); else null.
     */
    public static Verdict verdict(RunSeries s) {
        if (!s.status().isTerminal() || s.steps().get(0).spec().thresholds().isEmpty()) {
            return null;
        }
        Map<String, Verdict> byModel = new LinkedHashMap<>();
        List<RunSeries.StepResult> results = s.results();
        for (int i = 0; i < s.steps().size(); i++) {
            Verdict v = i < results.size() ? results.get(i).report().verdict() : null;
            byModel.put(s.steps().get(i).label(), v != null ? v : Verdict.failed("did not run"));
        }
        return Verdict.all(byModel);
    }

    public static Map<String, Object> summary(RunSeries s) {
        Map<String, Object> m = head(s);
        m.put("models", models(s));
        times(m, s.startedAt(), s.finishedAt());
        return m;
    }

    private static Map<String, Object> head(RunSeries s) {
        return map("id", s.id(), "status", s.status().name(), "target", s.steps().get(0).spec().target());
    }

    private static List<String> models(RunSeries s) {
        return s.steps().stream().map(RunSeries.Step::label).toList();
    }

    public static Map<String, Object> jvm() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", System.getProperty("java.vm.name"));
        m.put("version", System.getProperty("java.runtime.version"));
        m.put("vendor", System.getProperty("java.vm.vendor"));
        m.put("feature", Runtime.version().feature());
        m.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        return m;
    }

    private static Map<String, Object> row(RunSeries.StepResult step) {
        RunReport r = step.report();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", step.label());
        m.put("runId", step.runId());
        m.put("status", r.status().name());
        if (r.measured() != null) {
            m.put("requests", r.measured().requests());
            m.put("rps", round(r.measured().rps(), 2));
        }
        if (r.latency() != null) {
            m.put("latencyMs", map("p50", round(r.latency().p50(), 3), "p90", round(r.latency().p90(), 3),
                    "p99", round(r.latency().p99(), 3), "p99_9", round(r.latency().p99_9(), 3),
                    "max", round(r.latency().max(), 3)));
            m.put("errors", r.errors().total());
            m.put("expectedRejections", r.expectedRejections());
            m.put("unexpectedSuccesses", r.unexpectedSuccesses());
        }
        JvmFacts jvm = JvmFacts.of(r);
        if (jvm.present()) {
            Map<String, Object> cpu = new LinkedHashMap<>();
            cpu.put("meanCores", round(jvm.meanCores(), 3));
            cpu.put("peakCores", round(jvm.peakCores(), 3));
            cpu.put("processSeconds", round(jvm.cpuSeconds(), 3));
            double total = jvm.cpuSeconds();
            if (!Double.isNaN(total) && r.measured() != null && r.measured().requests() > 0) {
                // process CPU per answered request: robust where throughput is not (a shared machine)
                cpu.put("microsPerRequest", round(total * 1e6 / r.measured().requests(), 1));
            }
            if (r.generator() != null && !Double.isNaN(total) && r.measured() != null
                    && r.measured().durationSeconds() > 0) {
                cpu.put("generatorSeconds", round(r.generator().cpuSeconds(), 3));
                // what serving cost: the process minus the in-process generator's event loops
                cpu.put("serverMeanCores", round(
                        (total - r.generator().cpuSeconds()) / r.measured().durationSeconds(), 3));
            }
            m.put("cpu", cpu);
            m.put("threads", map("atStart", jvm.threadsAtStart(), "peak", jvm.threadsPeak()));
            if (jvm.pinnedVirtualThreads() != null) {
                m.put("pinnedVirtualThreads", jvm.pinnedVirtualThreads());
            }
        }
        if (r.verdict() != null) {
            m.put(Verdict.SECTION, RunJson.verdict(r.verdict()));
        }
        Object breakdown = r.extensions().get("breakdown");
        if (breakdown != null) {
            m.put("breakdown", breakdown);
        }
        if (r.error() != null) {
            m.put("error", r.error());
        }
        return m;
    }

    /** The side-by-side table, for {@code Accept: text/plain}. */
    @SuppressWarnings("unchecked")
    public static String text(RunSeries s) {
        Map<String, Object> j = json(s);
        RunSpec first = s.steps().get(0).spec();
        Map<String, Object> spec = (Map<String, Object>) j.get("spec");
        Map<String, Object> jvm = (Map<String, Object>) j.get("jvm");
        StringBuilder out = new StringBuilder();
        Format.line(out, "Compare %s: target %s, %s, %s measured after %s warm-up, per model  [%s]", s.id(), j.get("target"),
                first.loadModel().describe() + " (" + first.loadModel().label() + " model)",
                spec.get("duration"), spec.get("warmup"), s.status());
        Map<String, Object> options = map("breakdown", first.breakdown(), "jfr", first.jfr());
        options.putAll(first.options());
        options.remove(ComparePlan.OPTION);
        Format.line(out, "Options: %s", options);
        Format.line(out, "JVM: %s %s (%s), %s CPUs", jvm.get("name"), jvm.get("version"), jvm.get("vendor"),
                jvm.get("availableProcessors"));
        Format.line(out, "%-12s %10s %9s %9s %9s %9s %7s %8s %9s %9s %8s %8s %7s", "model", "req/s", "p50", "p90", "p99", "p99.9",
                "errors", "rejected", "cpu mean", "cpu peak", "cpu/req", "threads", "pinned");
        for (Object o : (List<Object>) j.get("rows")) {
            Map<String, Object> row = (Map<String, Object>) o;
            Map<String, Object> lat = (Map<String, Object>) row.get("latencyMs");
            if (lat == null) {
                Format.line(out, "%-12s %s", row.get("model"), row.get("status"));
                continue;
            }
            Map<String, Object> cpu = (Map<String, Object>) row.getOrDefault("cpu", Map.of());
            Map<String, Object> threads = (Map<String, Object>) row.getOrDefault("threads", Map.of());
            Format.line(out, "%-12s %10s %9s %9s %9s %9s %7s %8s %9s %9s %8s %8s %7s%s", row.get("model"), row.get("rps"),
                    Format.latency(lat.get("p50")), Format.latency(lat.get("p90")), Format.latency(lat.get("p99")), Format.latency(lat.get("p99_9")), row.get("errors"),
                    row.get("expectedRejections"), Format.fixed(cpu.get("meanCores"), 2), Format.fixed(cpu.get("peakCores"), 2),
                    cpu.get("microsPerRequest") == null ? "-" : cpu.get("microsPerRequest") + "us", Format.orDash(threads.get("peak")), Format.orDash(row.get("pinnedVirtualThreads")),
                    "DONE".equals(row.get("status")) ? "" : "  " + row.get("status"));
        }
        Format.line(out, "cpu: cores busy in the whole process, generator included (its share: /q/bench/runs/<runId>); "
                + "cpu/req: process CPU per request; threads: peak live platform threads");
        RunText.verdict(out, verdict(s));
        return out.toString();
    }

}
