package io.jwtbench.bench.runtime.sweep;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Collectors;
import java.util.Map;

import io.jwtbench.bench.runtime.analysis.SweepAnalysis;
import io.jwtbench.bench.runtime.plan.SweepSpec;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * Everything known about a sweep at one moment, immutable. Status: RUNNING, then DONE, CANCELLED or
 * FAILED, as its run series' (a sweep has no WARMUP of its own; its steps do).
 *
 * @param steps finished steps, then the running one (its report live) if any
 * @param analysis over the finished DONE steps; null until two of them exist
 * @param endsWithin the longest the sweep lasts, announced: {@code RunSeries.endsWithin()}
 * @param warmupStep the warm-up step at the heaviest load ({@code "warmup":"auto"}), once started; else null
 */
public record SweepReport(String id, RunStatus status, SweepSpec spec, Instant startedAt, Instant finishedAt,
        List<SweepStep> steps, SweepAnalysis analysis, String error, Duration endsWithin, RunReport warmupStep) {

    public SweepReport {
        steps = List.copyOf(steps);
    }

    /** Loads of the measured steps judged not steady, in order. */
    public List<Integer> unsteadyLoads() {
        return steps.stream().filter(st -> st.measured() && st.steady().unsteady()).map(SweepStep::load).toList();
    }

    /** Whether the analysis stands on steady steps, in words; null without an analysis. */
    public String steadinessNote() {
        if (analysis == null) {
            return null;
        }
        List<Integer> unsteady = unsteadyLoads();
        if (unsteady.isEmpty()) {
            return "every step the analysis used was steady";
        }
        String note = "the analysis used " + unsteady.size() + " step(s) that were not steady (load "
                + unsteady.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")";
        return analysis.knee().filter(k -> unsteady.contains((int) k.load()) || unsteady.contains((int) k.previousLoad()))
                .map(k -> note + "; the knee at " + (int) k.load() + " rests on one of them").orElse(note);
    }

    /**
     * Once the sweep ended, with {@code thresholds} in its spec: passed when at least one step met
     * them (a sweep looks for the load the service sustains within them; the steps beyond it are
     * expected to fail), failed with every step's reasons otherwise; else null.
     */
    public Verdict verdict() {
        if (!status.isTerminal() || spec.steps().get(0).thresholds().isEmpty()) {
            return null;
        }
        Map<String, Verdict> byStep = new LinkedHashMap<>();
        for (SweepStep step : steps) {
            Verdict v = step.report().verdict();
            if (v != null && v.passed()) {
                return v;
            }
            byStep.put("step " + (step.index() + 1) + " (" + step.load() + " " + spec.loadUnit() + ")",
                    v != null ? v : Verdict.failed("no verdict"));
        }
        return byStep.isEmpty() ? Verdict.failed("no step ran") : Verdict.all(byStep);
    }
}
