package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.map;
import static io.jwtbench.bench.runtime.JsonMaps.round;
import static io.jwtbench.bench.runtime.JsonMaps.times;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.analysis.CompareSummary;
import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.observe.SteadyView;
import io.jwtbench.bench.runtime.plan.ComparePlan;
import io.jwtbench.bench.runtime.plan.Durations;
import io.jwtbench.bench.runtime.plan.Percentile;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.stats.Breakdown;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * A compare (a {@link RunSeries} of kind {@code compare}: each model once per round, after warm-up
 * steps) as JSON and as a plain table. Each row folds a model's rounds ({@link CompareSummary}) and
 * takes its other figures from the median round's run, whose own report stays at
 * {@code /q/bench/runs/{runId}}; {@code rankings} rank the models pairwise, {@code runs} lists
 * every step in run order.
 */
public final class CompareView {
    /** A row's {@code latencyMs} (the OpenAPI schema lists the same). */
    public static final List<Percentile> LATENCIES = List.of(Percentile.P50, Percentile.P90, Percentile.P99,
            Percentile.P99_9, Percentile.MAX);

    /** Why a compare runs more than its rounds: said in its JSON and text whenever it does. */
    static final String WARMUP_STEPS = "each model first ran once as a warm-up step (its warm-up %s%s, then 1 s "
            + "measured and not reported), so that round 1 does not pay for the JIT; \"warmup\":\"0s\" skips them; "
            + "their times are in runs[round 0]";

    private CompareView() {
    }

    public static Map<String, Object> json(RunSeries<ComparePlan> s) {
        Map<String, Object> m = head(s);
        Map<String, Object> spec = new LinkedHashMap<>(spec(s).echo());
        spec.remove(ComparePlan.OPTION);
        m.put("spec", spec);
        m.put(s.plan().axis().field, models(s));
        m.put("rounds", rounds(s));
        m.put("jvm", JvmIdentity.current());
        times(m, s.startedAt(), s.finishedAt());
        m.put("endsWithin", Durations.format(s.endsWithin())); // every run's bound, warm-up steps included
        List<RunSeries.StepResult> results = s.results();
        s.current().ifPresent(run -> {
            RunReport r = run.report();
            RunSeries.Step step = s.steps().get(results.size() - 1);
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("model", step.label());
            c.put("round", step.round());
            c.put("runId", r.id());
            c.put("status", r.status().name());
            if (r.progress() != null) {
                c.put("elapsedSeconds", round(r.progress().elapsedSeconds(), 3));
                c.put("requests", r.progress().requests());
            }
            m.put("current", c);
        });
        CompareSummary summary = CompareSummary.of(models(s), results);
        List<Object> rows = new ArrayList<>();
        for (CompareSummary.ModelRow row : summary.rows()) {
            rows.add(row(row, status(s, row)));
        }
        m.put("rows", rows);
        m.put("rankings", rankings(summary));
        if (s.steps().get(0).warmup()) {
            m.put("warmupSteps", warmupSteps(s));
        }
        m.put("runs", runs(s, results));
        if (s.error() != null) {
            m.put("error", s.error());
        }
        Verdict verdict = s.verdict();
        if (verdict != null) {
            m.put(Verdict.SECTION, RunReportJson.verdict(verdict));
        }
        return m;
    }

    /** Each pair of models ranked: which is faster, by how much, and whether it is outside the spread. */
    public static List<Map<String, Object>> rankings(CompareSummary summary) {
        return summary.rankings().stream().map(v -> map("faster", v.faster(), "slower", v.slower(),
                "percentFaster", round(v.percentFaster(), 1), "significant", v.significant(), "text", v.text())).toList();
    }

    /** Why the compare ran more than its rounds, when it did. */
    static String warmupSteps(RunSeries<ComparePlan> s) {
        return WARMUP_STEPS.formatted(spec(s).echo().get("warmup"),
                spec(s).autoWarmup() ? ", up to " + Durations.format(spec(s).warmup()) : "");
    }

    /** Every step in run order (warm-up steps are round 0): what ran when, and whether it was steady. */
    private static List<Object> runs(RunSeries<ComparePlan> s, List<RunSeries.StepResult> results) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < s.steps().size(); i++) {
            RunSeries.Step step = s.steps().get(i);
            Map<String, Object> m = map("model", step.label(), "round", step.round());
            if (i < results.size()) {
                RunReport r = results.get(i).report();
                m.put("runId", r.id());
                m.put("status", r.status().name());
                m.put("rps", r.measured() == null ? null : round(r.measured().rps(), 2));
                SteadyView steady = SteadyView.of(r);
                m.put("steady", steady.known() ? steady.steady() : null);
                if (r.finishedAt() != null) {
                    m.put("seconds", round(Duration.between(r.startedAt(), r.finishedAt()).toNanos() / 1e9, 1));
                }
                if (step.warmup() && r.warmup() != null) {
                    m.put("warmupSeconds", round(r.warmup().durationSeconds(), 1));
                    m.put("warmupStoppedBecause", r.warmup().stoppedBecause());
                }
                if (r.error() != null) {
                    m.put("error", r.error()); // why the step could not run
                }
            } else {
                m.put("status", s.status().isTerminal() ? "SKIPPED" : "PENDING");
            }
            out.add(m);
        }
        return out;
    }

    /** DONE when every round ran DONE; else the first other status, or PENDING/SKIPPED for rounds not started. */
    static String status(RunSeries<ComparePlan> s, CompareSummary.ModelRow row) {
        return row.rounds().stream().map(r -> r.report().status()).filter(st -> st != RunStatus.DONE).findFirst()
                .map(Enum::name).orElse(row.rounds().size() < rounds(s)
                        ? (s.status().isTerminal() ? "SKIPPED" : "PENDING") : "DONE");
    }

    public static Map<String, Object> summary(RunSeries<ComparePlan> s) {
        Map<String, Object> m = head(s);
        m.put(s.plan().axis().field, models(s));
        times(m, s.startedAt(), s.finishedAt());
        return m;
    }

    private static Map<String, Object> head(RunSeries<ComparePlan> s) {
        return map("id", s.id(), "status", s.status().name(), "target", s.steps().get(0).spec().target());
    }

    static List<String> models(RunSeries<ComparePlan> s) {
        return s.plan().models();
    }

    /** The spec as posted: the first step may be a warm-up step, which measures for a second only. */
    static RunSpec spec(RunSeries<ComparePlan> s) {
        return s.plan().spec();
    }

    static int rounds(RunSeries<ComparePlan> s) {
        return s.plan().rounds();
    }

    /** The JVM the compare ran on, so that results from two JVMs can be told apart. */
    public record JvmIdentity(String name, String version, String vendor, int feature, int availableProcessors) {
        public static JvmIdentity current() {
            return new JvmIdentity(System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"),
                    System.getProperty("java.vm.vendor"), Runtime.version().feature(),
                    Runtime.getRuntime().availableProcessors());
        }
    }

    /** A model's row: the spreads across rounds, then the figures of its median round's run. */
    private static Map<String, Object> row(CompareSummary.ModelRow row, String status) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", row.model());
        m.put("status", status);
        m.put("rounds", row.rounds().size());
        m.put("spread", spreads(row));
        m.put("steady", row.steady());
        if (!row.steady()) {
            m.put("notSteady", row.notSteady());
        }
        if (row.median() == null) {
            return m;
        }
        RunReport r = row.median().report();
        m.put("runId", r.id());
        m.put("medianRound", row.median().round());
        if (r.measured() != null) {
            m.put("requests", r.measured().requests());
            m.put("rps", round(r.measured().rps(), 2));
        }
        if (r.latency() != null) {
            m.put("latencyMs", RunReportJson.latencies(r.latency(), LATENCIES));
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
            cpu.put("microsPerRequest", round(CompareSummary.microsPerRequest(r), 1));
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
            m.put(Verdict.SECTION, RunReportJson.verdict(r.verdict()));
        }
        if (r.breakdown() != null) {
            m.put(Breakdown.SECTION, r.breakdown());
        }
        if (r.error() != null) {
            m.put("error", r.error());
        }
        return m;
    }

    /** A model's figures across rounds: {@code rps}, {@code p50Ms}, {@code p99Ms}, {@code cpuMicrosPerRequest}, each {median, min, max}. */
    public static Map<String, Object> spreads(CompareSummary.ModelRow row) {
        return map("rps", spread(row.rps(), 2), "p50Ms", spread(row.p50(), 3), "p99Ms", spread(row.p99(), 3),
                "cpuMicrosPerRequest", spread(row.microsPerRequest(), 1));
    }

    private static Map<String, Object> spread(CompareSummary.Spread s, int decimals) {
        return map("median", round(s.median(), decimals), "min", round(s.min(), decimals), "max", round(s.max(), decimals));
    }

    /** The side-by-side table, for {@code Accept: text/plain}. */
    public static String text(RunSeries<ComparePlan> s) {
        return CompareText.of(s);
    }
}
