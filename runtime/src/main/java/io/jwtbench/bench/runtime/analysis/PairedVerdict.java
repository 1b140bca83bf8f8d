package io.jwtbench.bench.runtime.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The verdict on two builds measured in pairs: per metric, the pairs' log ratios (NEW over BASE, turned so
 * that a positive value is worse) judged with {@link SignedRank}'s interval and a double gate against a
 * tolerance.
 * <ul>
 * <li><b>PASS</b>: the interval's upper end is below the tolerance: a slowdown of the tolerance is ruled out.</li>
 * <li><b>REGRESSED</b>: the interval's lower end is above zero (significantly worse) and the estimate reaches
 * the tolerance; at the last look, when a change of the tolerance is not ruled out (the upper end reaches it).
 * Asking the estimate alone to reach the tolerance would catch a slowdown of exactly the tolerance only half
 * the time; asking it at every look would stop as soon as noise pushed a small change over it.</li>
 * <li><b>INCONCLUSIVE</b>: neither: more pairs are needed.</li>
 * </ul>
 * The pairs are looked at several times as they come ({@link Plan}); each look's interval has the confidence
 * {@link #confidence}, so that over all looks and gating metrics (Bonferroni) a false REGRESSED and a false
 * PASS each stay under half of {@link #ALPHA}. Pure arithmetic: {@code PairedVerdictTest} measures those rates
 * on simulated pairs.
 */
public final class PairedVerdict {
    /** The error rate shared by every look and gating metric: each direction gets half. */
    public static final double ALPHA = 0.05;

    public enum Outcome {
        PASS, REGRESSED, INCONCLUSIVE
    }

    /**
     * What is measured per pair.
     *
     * @param higherIsWorse true for CPU and latency, false for throughput
     * @param gating        whether it decides the verdict; a watched metric is judged and shown only
     */
    public record Metric(String name, boolean higherIsWorse, double tolerancePercent, boolean gating) {
        /** The pair's value as a log ratio where positive is worse. */
        public double worse(double base, double current) {
            double r = Math.log(current / base);
            return higherIsWorse ? r : -r;
        }
    }

    /**
     * One metric's judgement; the change of NEW against BASE and its interval in percent, in the metric's own
     * direction (CPU +5 % is worse, throughput +5 % better).
     *
     * @param changePercent null when there were too few pairs for an interval
     */
    public record Judgement(Metric metric, int pairs, Outcome outcome, Double changePercent, Double lowPercent,
            Double highPercent, double confidence) {

        /** "CPU/request +5.2 % [+3.1, +7.4] REGRESSED". */
        public String describe() {
            return changePercent == null ? change() : change() + " " + outcome;
        }

        /** "CPU/request +5.2 % [+3.1, +7.4]", or why there is no interval. */
        public String change() {
            if (changePercent == null) {
                return String.format(Locale.ROOT, "%s: %d pairs, too few for an interval at %s %% confidence", metric.name(),
                        pairs, percent(confidence));
            }
            return String.format(Locale.ROOT, "%s %+.1f %% [%+.1f, %+.1f]", metric.name(), changePercent, lowPercent, highPercent);
        }
    }

    /** The whole verdict: the gating metrics decide, watched ones are shown. */
    public record Result(Outcome outcome, List<Judgement> judgements, boolean lastLook) {
    }

    private PairedVerdict() {
    }

    /** The two-sided confidence of each look's interval: {@link #ALPHA} shared by the looks and gating metrics. */
    public static double confidence(int looks, int gatingMetrics) {
        return 1 - ALPHA / (looks * Math.max(1, gatingMetrics));
    }

    /**
     * One metric judged.
     *
     * @param worse    the pairs' log ratios, positive worse ({@link Metric#worse})
     * @param lastLook no more pairs will come: REGRESSED when a change of the tolerance is not ruled out
     */
    public static Judgement judge(Metric metric, double[] worse, double confidence, boolean lastLook) {
        SignedRank.Interval iv = SignedRank.interval(worse, confidence);
        if (iv == null) {
            return new Judgement(metric, worse.length, Outcome.INCONCLUSIVE, null, null, null, confidence);
        }
        double tolerance = Math.log1p(metric.tolerancePercent() / 100);
        Outcome outcome;
        if (iv.high() < tolerance) {
            outcome = Outcome.PASS;
        } else if (iv.low() > 0 && (iv.estimate() >= tolerance || lastLook)) {
            outcome = Outcome.REGRESSED;
        } else {
            outcome = Outcome.INCONCLUSIVE;
        }
        int sign = metric.higherIsWorse() ? 1 : -1;
        double low = sign > 0 ? iv.low() : -iv.high();
        double high = sign > 0 ? iv.high() : -iv.low();
        return new Judgement(metric, worse.length, outcome, percentOf(sign * iv.estimate()), percentOf(low),
                percentOf(high), iv.confidence());
    }

    /** Every metric judged; REGRESSED when a gating one is, PASS when all gating ones are, else INCONCLUSIVE. */
    public static Result of(List<Metric> metrics, List<double[]> worse, double confidence, boolean lastLook) {
        List<Judgement> judgements = new ArrayList<>();
        for (int i = 0; i < metrics.size(); i++) {
            judgements.add(judge(metrics.get(i), worse.get(i), confidence, lastLook));
        }
        List<Judgement> gating = judgements.stream().filter(j -> j.metric().gating()).toList();
        Outcome outcome = gating.stream().anyMatch(j -> j.outcome() == Outcome.REGRESSED) ? Outcome.REGRESSED
                : !gating.isEmpty() && gating.stream().allMatch(j -> j.outcome() == Outcome.PASS) ? Outcome.PASS
                : Outcome.INCONCLUSIVE;
        return new Result(outcome, judgements, lastLook);
    }

    /**
     * When to look: the pair counts, and each look's confidence.
     *
     * @param at increasing pair counts; the last is the most pairs that will be taken
     */
    public record Plan(List<Integer> at, double confidence) {
        /**
         * {@code looks} looks spread evenly up to {@code maxPairs}, none before an interval at their confidence
         * exists; fewer when the pairs are few, none when even one look does not fit.
         */
        public static Plan of(int maxPairs, int looks, int gatingMetrics) {
            double confidence = PairedVerdict.confidence(looks, gatingMetrics);
            int first = SignedRank.minimumPairs(confidence);
            List<Integer> at = new ArrayList<>();
            for (int j = 1; j <= looks; j++) {
                int n = Math.max(first, (int) Math.ceil((double) j * maxPairs / looks));
                if (n <= maxPairs && (at.isEmpty() || n > at.get(at.size() - 1))) {
                    at.add(n);
                }
            }
            return new Plan(List.copyOf(at), confidence);
        }

        public boolean isLook(int pairs) {
            return at.contains(pairs);
        }

        public int maxPairs() {
            return at.isEmpty() ? 0 : at.get(at.size() - 1);
        }
    }

    /**
     * The verdict at a look of {@code plan} after {@code worse[i].length} pairs; the last look when the plan
     * has no more, or when {@code outOfTime}.
     */
    public static Result at(Plan plan, List<Metric> metrics, List<double[]> worse, boolean outOfTime) {
        int pairs = worse.isEmpty() ? 0 : worse.get(0).length;
        return of(metrics, worse, plan.confidence(), outOfTime || pairs >= plan.maxPairs());
    }

    /** A log ratio as a percent change. */
    static double percentOf(double logRatio) {
        return Math.round(Math.expm1(logRatio) * 10_000) / 100.0;
    }

    static String percent(double share) {
        return String.format(Locale.ROOT, "%.2f", 100 * share);
    }
}
