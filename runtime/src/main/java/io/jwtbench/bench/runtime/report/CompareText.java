package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.map;
import static io.jwtbench.bench.runtime.JsonMaps.round;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.jwtbench.bench.runtime.analysis.CompareSummary;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.plan.ComparePlan;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * A compare as the side-by-side table of {@code Accept: text/plain}: the figures of its JSON
 * ({@link CompareView}), rounded the same way, from the same summary, not read back from the JSON.
 */
final class CompareText {
    private static final String COLUMNS = "%-12s %26s %24s %24s %20s %7s %8s %8s %7s  %s";

    private CompareText() {
    }

    static String of(RunSeries<ComparePlan> s) {
        RunSpec first = CompareView.spec(s);
        Map<String, Object> echo = first.echo();
        CompareSummary summary = CompareSummary.of(CompareView.models(s), s.results());
        StringBuilder out = new StringBuilder();
        Format.line(out, "Compare %s: target %s, %s, %s measured after %s warm-up, per model  [%s]", s.id(),
                s.steps().get(0).spec().target(), first.loadModel().describe() + " (" + first.loadModel().label() + " model)",
                echo.get("duration"), echo.get("warmup"), s.status());
        Map<String, Object> options = map("breakdown", first.breakdown(), "jfr", first.jfr());
        options.putAll(first.options());
        options.remove(ComparePlan.OPTION);
        Format.line(out, "Options: %s", options);
        CompareView.JvmIdentity jvm = CompareView.JvmIdentity.current();
        Format.line(out, "JVM: %s %s (%s), %s CPUs", jvm.name(), jvm.version(), jvm.vendor(), jvm.availableProcessors());
        Format.line(out, "%s round(s), the order rotated each round; each figure: median [min-max] across rounds",
                CompareView.rounds(s));
        Format.line(out, COLUMNS, "model", "req/s", "p50", "p99", "cpu/req", "errors", "rejected", "threads", "pinned", "steady");
        for (CompareSummary.ModelRow row : summary.rows()) {
            String status = CompareView.status(s, row);
            if (row.median() == null) {
                Format.line(out, "%-12s %s", row.model(), status);
                continue;
            }
            RunReport r = row.median().report();
            JvmFacts facts = JvmFacts.of(r);
            Format.line(out, COLUMNS + "%s", row.model(), range(row.rps(), 2, v -> Format.fixed(v, 0)),
                    range(row.p50(), 3, Format::latency), range(row.p99(), 3, Format::latency),
                    range(row.microsPerRequest(), 1, v -> v == null ? "-" : Format.fixed(v, 1) + "us"),
                    r.latency() == null ? null : r.errors().total(), r.latency() == null ? null : r.expectedRejections(),
                    Format.orDash(facts.present() ? facts.threadsPeak() : null),
                    Format.orDash(facts.present() ? facts.pinnedVirtualThreads() : null), row.steady() ? "yes" : "NO",
                    "DONE".equals(status) ? "" : "  " + status);
        }
        Format.line(out, "cpu/req: process CPU per request (generator included); threads: peak live platform threads "
                + "of the median round; per-round runs: /q/bench/runs/<runId>");
        summary.rankings().forEach(v -> Format.line(out, "Verdict: %s", v.text()));
        summary.rows().forEach(row -> row.notSteady().forEach(reason -> Format.line(out, "Not steady: %s %s", row.model(), reason)));
        List<RunSeries.StepResult> results = s.results();
        if (s.steps().get(0).warmup()) {
            Format.line(out, "Warm-up steps: %s", CompareView.warmupSteps(s));
            for (RunSeries.StepResult step : results) {
                RunReport r = step.report();
                if (step.warmup() && r.finishedAt() != null) {
                    Format.line(out, "  %-12s %s s in all, warm-up %s s%s", step.label(),
                            round(Duration.between(r.startedAt(), r.finishedAt()).toNanos() / 1e9, 1),
                            r.warmup() == null ? null : round(r.warmup().durationSeconds(), 1),
                            r.warmup() == null || r.warmup().stoppedBecause() == null ? "" : ": " + r.warmup().stoppedBecause());
                }
            }
        }
        for (RunSeries.StepResult step : results) {
            if (step.report().error() != null) {
                Format.line(out, "Step %s (round %s) %s: %s", step.label(), step.round(), step.report().status().name(),
                        step.report().error());
            }
        }
        RunText.verdict(out, s.verdict());
        return out.toString();
    }

    /** {@code 45123 [44010-46200]}: median, min and max, each rounded as the JSON rounds it. */
    private static String range(CompareSummary.Spread s, int decimals, Function<Object, String> look) {
        return look.apply(round(s.median(), decimals)) + " [" + look.apply(round(s.min(), decimals)) + "-"
                + look.apply(round(s.max(), decimals)) + "]";
    }
}
