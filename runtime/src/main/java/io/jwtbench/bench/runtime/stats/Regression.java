package io.jwtbench.bench.runtime.stats;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;

import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.Percentile;

/**
 * A run report's {@code regression} section: the run held against a baseline report (an earlier run of
 * this process, or one saved days ago by another build or pod). For throughput (closed model only: an
 * open model's throughput is its schedule's) and for p50 and p99, the change with its {@link Welch}
 * interval at {@link Welch#CONFIDENCE} from the two runs' per-second samples; the whole-run figures
 * beside it come from the histograms. A metric is <em>slower</em> or <em>faster</em> only when its
 * interval leaves out zero <em>and</em> the change exceeds {@code tolerancePercent}: per-second samples
 * show the noise within a run, not between two runs on a shared machine (JIT decisions, neighbours),
 * and the tolerance is that noise, measured ({@code docs/regression.md}). It is <em>no significant difference</em>
 * only when its whole interval lies within the tolerance, else <em>inconclusive</em>. CPU per request is compared by
 * component from both profiles (one profile per run: no interval). What makes two runs hard to compare
 * is said ({@link Comparability}): a different target or load model refuses the verdict, anything else
 * (JVM, cores, spec, an unsteady JVM) is a warning. A metric whose move the pair cannot tell from its machine's
 * ({@link Comparability#undirected}: p99 beside a run whose seconds varied beyond the steadiness limit; every metric
 * when they moved opposite ways) is inconclusive, with the reason. Its component names are the section's JSON keys.
 *
 * @param verdict          what came of it; {@link Outcome#NOT_JUDGED} when no metric had 2 full measured seconds on
 *                         both sides
 * @param notComparable    why no verdict was given; empty when it was
 * @param warnings         what weakens the verdict (different JVM, cores, spec; an unsteady run)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Regression(String baselineId, String baselineStartedAt, double confidence, double tolerancePercent,
        Outcome verdict, String summary, List<String> notComparable, List<String> warnings, List<Change> changes,
        Cpu cpu) {

    public static final String SECTION = "regression";

    /** What came of a run (or one metric) held against its baseline; its JSON is {@link #label()}. */
    public enum Outcome {
        FASTER("faster"),
        SLOWER("slower"),
        SAME("no significant difference"),
        /**
         * The interval holds both no change and one beyond the tolerance, or the pair cannot tell its direction from
         * its machine's ({@link Comparability#undirected}): these samples cannot tell.
         */
        INCONCLUSIVE("inconclusive"),
        /** The two runs cannot be held against each other (another target or load model): no verdict. */
        NOT_COMPARABLE("not comparable"),
        /** A metric (or every metric) without enough samples to judge: fewer than 2 full measured seconds on a side. */
        NOT_JUDGED("not judged");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** As the JSON and the text say it. */
        @JsonValue
        public String label() {
            return label;
        }

        @Override
        public String toString() {
            return label;
        }

        @JsonCreator
        public static Outcome of(String label) {
            for (Outcome o : values()) {
                if (o.label.equals(label)) {
                    return o;
                }
            }
            throw new IllegalArgumentException("not a regression outcome: " + label);
        }
    }
    /**
     * The tolerance when the caller gives none, in percent: above the run-to-run drift of one build measured on a
     * shared 2-core machine (consecutive 10 s runs differed by up to 14 % in throughput and 17.5 % in p50,
     * docs/regression.md), which the per-second intervals do not see.
     */
    public static final double DEFAULT_TOLERANCE_PERCENT = 20;

    /**
     * One metric's change.
     *
     * @param baseline,current the whole-run figures (throughput in req/s, latencies in ms from the histograms)
     * @param changePercent    the per-second means' difference, in percent of the baseline's mean
     * @param low,high         its interval, in percent
     * @param baselineSeconds,currentSeconds the per-second samples it came from
     * @param verdict          {@code FASTER}, {@code SLOWER}, {@code SAME}, {@code INCONCLUSIVE} or {@code NOT_JUDGED}
     * @param note             why it was not judged, or why it is inconclusive
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Change(String metric, String unit, Double baseline, Double current, Double changePercent, Double low,
            Double high, int baselineSeconds, int currentSeconds, Outcome verdict, String note) {

        /** Inconclusive if it was slower or faster: {@code why} the pair cannot tell that move from its machine's. */
        Change undirected(String why) {
            return verdict != Outcome.SLOWER && verdict != Outcome.FASTER ? this : new Change(metric, unit, baseline, current,
                    changePercent, low, high, baselineSeconds, currentSeconds, Outcome.INCONCLUSIVE,
                    verdict.label() + " beyond the tolerance, but " + why);
        }
    }

    /**
     * Process CPU per answered request, and by component where both runs measured a profile.
     *
     * @param components the components whose CPU per request moved most, largest change first
     * @param note       why there is no component comparison
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Cpu(Double baselineUsPerRequest, Double currentUsPerRequest, Double changeUsPerRequest,
            List<ComponentChange> components, String note) {
    }

    public record ComponentChange(String component, double baselineUsPerRequest, double currentUsPerRequest,
            double changeUsPerRequest) {
    }

    /** {@code current} held against {@code baseline}, with a tolerance in percent. */
    public static Regression of(RunReport current, RunReport baseline, double tolerancePercent) {
        String startedAt = baseline.startedAt() == null ? null : baseline.startedAt().toString();
        List<String> refused = Comparability.refusals(current, baseline);
        if (!refused.isEmpty()) {
            String summary = "not comparable with baseline " + baseline.id() + ": " + String.join("; ", refused);
            return new Regression(baseline.id(), startedAt, Welch.CONFIDENCE, tolerancePercent, Outcome.NOT_COMPARABLE, summary,
                    refused, Comparability.warnings(current, baseline), List.of(), null);
        }
        List<Change> changes = new ArrayList<>();
        if (current.loadModel() instanceof LoadModel.Closed) {
            changes.add(change("throughput", "req/s", +1, current.measured().rps(), baseline.measured().rps(),
                    seconds(current, SecondStats::rps), seconds(baseline, SecondStats::rps), tolerancePercent));
        }
        changes.add(change(Percentile.P50.key(), LatencyStats.UNIT, -1, current.latency().p50(), baseline.latency().p50(),
                seconds(current, SecondStats::p50), seconds(baseline, SecondStats::p50), tolerancePercent));
        changes.add(change(Percentile.P99.key(), LatencyStats.UNIT, -1, current.latency().p99(), baseline.latency().p99(),
                seconds(current, SecondStats::p99), seconds(baseline, SecondStats::p99), tolerancePercent));
        Map<String, String> undirected = Comparability.undirected(current, baseline, changes);
        changes = changes.stream().map(c -> undirected.containsKey(c.metric()) ? c.undirected(undirected.get(c.metric())) : c)
                .toList();
        Set<Outcome> seen = EnumSet.copyOf(changes.stream().map(Change::verdict).toList()); // slower > inconclusive > faster > same
        Outcome verdict = Set.of(Outcome.NOT_JUDGED).containsAll(seen) ? Outcome.NOT_JUDGED : List.of(Outcome.SLOWER,
                Outcome.INCONCLUSIVE, Outcome.FASTER).stream().filter(seen::contains).findFirst().orElse(Outcome.SAME);
        Cpu cpu = CpuComparison.of(current, baseline);
        return new Regression(baseline.id(), startedAt, Welch.CONFIDENCE, tolerancePercent, verdict,
                summary(verdict, baseline.id(), changes, cpu, tolerancePercent, undirected), List.of(), Comparability.warnings(current, baseline),
                changes, cpu);
    }

    /**
     * @param better +1 when a higher figure is better (throughput), -1 when lower is (latency)
     */
    private static Change change(String metric, String unit, int better, double current, double baseline,
            double[] currentSeconds, double[] baselineSeconds, double tolerance) {
        Welch.Interval iv = Welch.interval(baselineSeconds, currentSeconds);
        double base = Welch.mean(Welch.finite(baselineSeconds));
        int baselineSamples = Welch.finite(baselineSeconds).length;
        int currentSamples = Welch.finite(currentSeconds).length;
        if (iv == null || !(base > 0)) {
            return new Change(metric, unit, finiteOrNull(baseline), finiteOrNull(current), null, null, null,
                    baselineSamples, currentSamples, Outcome.NOT_JUDGED, "fewer than 2 full measured seconds with this figure on a side");
        }
        double pct = 100 * iv.difference() / base;
        double low = 100 * iv.low() / base;
        double high = 100 * iv.high() / base;
        Outcome verdict = iv.excludesZero() && Math.abs(pct) > tolerance ? (pct * better > 0 ? Outcome.FASTER : Outcome.SLOWER)
                : Math.max(Math.abs(low), Math.abs(high)) <= tolerance ? Outcome.SAME : Outcome.INCONCLUSIVE;
        return new Change(metric, unit, finiteOrNull(baseline), finiteOrNull(current), round(pct), round(low), round(high),
                baselineSamples, currentSamples, verdict, verdict == Outcome.INCONCLUSIVE
                        ? String.format(Locale.ROOT, "the interval reaches beyond the ±%s %% tolerance", Verdict.fmt(tolerance))
                        : null);
    }

    /** A figure of each full measured second, as {@code analysis/ThroughputError} takes them (a short last one is noisy). */
    private static double[] seconds(RunReport r, ToDoubleFunction<SecondStats> figure) {
        int full = (int) Math.min(r.timeSeries().size(), Math.floor(r.measured().durationSeconds() + 1e-9));
        return r.timeSeries().stream().limit(full).mapToDouble(figure).toArray();
    }

    private static String summary(Outcome verdict, String baselineId, List<Change> changes, Cpu cpu, double tolerance,
            Map<String, String> undirected) {
        StringBuilder s = new StringBuilder(switch (verdict) {
            case SLOWER -> "slower than baseline " + baselineId;
            case FASTER -> "faster than baseline " + baselineId;
            case NOT_JUDGED -> "not judged against baseline " + baselineId;
            case INCONCLUSIVE -> "inconclusive against baseline " + baselineId;
            case SAME, NOT_COMPARABLE -> "no significant difference from baseline " + baselineId;
        });
        s.append(String.format(Locale.ROOT, " (%.0f %% confidence, tolerance %s %%): ", 100 * Welch.CONFIDENCE,
                Verdict.fmt(tolerance)));
        List<String> parts = new ArrayList<>();
        for (Change c : changes) {
            parts.add(c.changePercent() == null ? c.metric() + " " + Outcome.NOT_JUDGED.label()
                    : String.format(Locale.ROOT, "%s %+.1f %% [%+.1f, %+.1f]%s", c.metric(), c.changePercent(), c.low(),
                            c.high(), c.verdict() == Outcome.SAME ? "" : " " + c.verdict().label()));
        }
        s.append(String.join("; ", parts));
        if (!undirected.isEmpty()) {
            s.append("; which way cannot be told: ").append(String.join("; ", new LinkedHashSet<>(undirected.values())));
        }
        if (cpu.changeUsPerRequest() != null) {
            s.append(String.format(Locale.ROOT, "; CPU %+.1f µs/request", cpu.changeUsPerRequest()));
            if (cpu.components() != null && !cpu.components().isEmpty()) {
                ComponentChange top = cpu.components().get(0);
                s.append(String.format(Locale.ROOT, ", largest change in %s (%+.1f µs/request)", top.component(),
                        top.changeUsPerRequest()));
            }
        }
        return s.toString();
    }

    private static Double finiteOrNull(double v) {
        return Double.isFinite(v) ? v : null;
    }

    static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
