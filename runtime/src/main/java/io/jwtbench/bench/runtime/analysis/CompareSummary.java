package io.jwtbench.bench.runtime.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import io.jwtbench.bench.runtime.observe.SteadyView;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;

/**
 * A compare's rounds folded into one row per model (median and min–max across rounds of throughput,
 * p50, p99 and CPU per request; whether every round was steady) and one ranking per pair of models
 * (the JSON's {@code rankings}). A difference counts only when the two throughput spreads do not overlap: with a handful of rounds on
 * a shared machine, anything less is "no significant difference at this spread". Warm-up steps are
 * left out. Pure: read from the series' results.
 */
public record CompareSummary(List<ModelRow> rows, List<Ranking> rankings) {

    /** Min, median and max of a figure across rounds; NaN when no round measured it. */
    public record Spread(double min, double median, double max) {
        static Spread of(double[] values) {
            double[] v = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
            if (v.length == 0) {
                return new Spread(Double.NaN, Double.NaN, Double.NaN);
            }
            return new Spread(v[0], Median.ofSorted(v), v[v.length - 1]);
        }

        boolean overlaps(Spread o) {
            return min <= o.max && o.min <= max;
        }
    }

    /**
     * One model across its rounds.
     *
     * @param rounds every round's result, in run order
     * @param median the measured round whose throughput is the median (the lower one of an even count): its
     *        run supplies the row's other figures; null when no round measured
     * @param measuredRounds rounds that ended DONE with answers: the spreads are over these
     * @param notSteady "round 2: reason; reason" for each measured round judged not steady
     */
    public record ModelRow(String model, List<RunSeries.StepResult> rounds, RunSeries.StepResult median,
            int measuredRounds, Spread rps, Spread p50, Spread p99, Spread microsPerRequest, List<String> notSteady) {
        public boolean steady() {
            return notSteady.isEmpty();
        }
    }

    /** Two models ranked: the faster by median throughput first, and whether the spreads say it is. */
    public record Ranking(String faster, String slower, double percentFaster, boolean significant, String text) {
    }

    public static CompareSummary of(List<String> models, List<RunSeries.StepResult> results) {
        List<ModelRow> rows = new ArrayList<>();
        for (String model : models) {
            List<RunSeries.StepResult> rounds = results.stream().filter(r -> !r.warmup() && r.label().equals(model))
                    .toList();
            List<RunSeries.StepResult> done = rounds.stream().filter(r -> measured(r.report())).toList();
            List<RunSeries.StepResult> byRps = done.stream()
                    .sorted(Comparator.comparingDouble(r -> r.report().measured().rps())).toList();
            List<String> notSteady = new ArrayList<>();
            for (RunSeries.StepResult r : done) {
                SteadyView v = SteadyView.of(r.report());
                if (v.unsteady()) {
                    notSteady.add("round " + r.round() + ": " + String.join("; ", v.reasons()));
                }
            }
            rows.add(new ModelRow(model, rounds, byRps.isEmpty() ? null : byRps.get((byRps.size() - 1) / 2), done.size(),
                    spread(done, r -> r.measured().rps()), spread(done, r -> r.latency().p50()),
                    spread(done, r -> r.latency().p99()), spread(done, CompareSummary::microsPerRequest), notSteady));
        }
        return new CompareSummary(rows, rankings(rows));
    }

    /** Process CPU per answered request, in µs: robust where throughput is not (a shared machine). */
    public static double microsPerRequest(RunReport r) {
        double cpu = JvmFacts.of(r).cpuSeconds();
        return Double.isNaN(cpu) || r.measured().requests() == 0 ? Double.NaN : cpu * 1e6 / r.measured().requests();
    }

    static List<Ranking> rankings(List<ModelRow> rows) {
        List<ModelRow> ranked = rows.stream().filter(r -> r.measuredRounds() > 0)
                .sorted(Comparator.comparingDouble((ModelRow r) -> r.rps().median()).reversed()).toList();
        List<Ranking> out = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            for (int j = i + 1; j < ranked.size(); j++) {
                out.add(ranking(ranked.get(i), ranked.get(j)));
            }
        }
        return out;
    }

    private static Ranking ranking(ModelRow a, ModelRow b) {
        double percent = 100 * (a.rps().median() / b.rps().median() - 1);
        boolean spread = a.measuredRounds() > 1 && b.measuredRounds() > 1;
        boolean significant = spread && !a.rps().overlaps(b.rps());
        String text = !spread
                ? String.format(Locale.ROOT, "%s and %s: not judged, one round has no spread (%s measured %.1f %% more req/s)",
                        a.model(), b.model(), a.model(), percent)
                : significant
                        ? String.format(Locale.ROOT, "%s is %.1f %% faster than %s, outside the spread", a.model(),
                                percent, b.model())
                        : String.format(Locale.ROOT,
                                "%s and %s: no significant difference at this spread (medians %.1f %% apart)",
                                a.model(), b.model(), percent);
        List<String> unsteady = new ArrayList<>();
        for (ModelRow r : List.of(a, b)) {
            if (!r.steady()) {
                unsteady.add(r.model());
            }
        }
        if (!unsteady.isEmpty()) {
            text += " [not steady: " + String.join(", ", unsteady) + "]";
        }
        return new Ranking(a.model(), b.model(), percent, significant, text);
    }

    private static boolean measured(RunReport r) {
        return r.status() == RunStatus.DONE && r.measured() != null && r.latency() != null
                && r.measured().requests() > 0;
    }

    private static Spread spread(List<RunSeries.StepResult> done, ToDoubleFunction<RunReport> f) {
        return Spread.of(done.stream().mapToDouble(r -> f.applyAsDouble(r.report())).toArray());
    }
}
