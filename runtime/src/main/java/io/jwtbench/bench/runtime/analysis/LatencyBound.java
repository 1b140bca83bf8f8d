package io.jwtbench.bench.runtime.analysis;

import io.jwtbench.bench.runtime.plan.Percentile;

import java.util.List;
import java.util.Locale;

/**
 * The best throughput among the steps whose {@code percentile} stayed within {@code boundMs} and
 * whose errors stayed at most 0.1 % of the attempts.
 *
 * @param index the chosen step, -1 when none qualified
 * @param valueMs the chosen step's percentile
 */
public record LatencyBound(Percentile percentile, double boundMs, int index, double load, double throughput,
        double valueMs, String description) {

    static final double MAX_ERROR_RATIO = 0.001;

    public boolean found() {
        return index >= 0;
    }

    public static LatencyBound best(List<StepPoint> points, Percentile percentile, double boundMs, String unit) {
        int best = -1;
        for (int i = 0; i < points.size(); i++) {
            StepPoint p = points.get(i);
            double v = p.percentile(percentile);
            if (v <= boundMs && p.errorRatio() <= MAX_ERROR_RATIO
                    && (best < 0 || p.throughput() > points.get(best).throughput())) {
                best = i;
            }
        }
        if (best < 0) {
            double lowest = points.stream().mapToDouble(p -> p.percentile(percentile)).filter(v -> !Double.isNaN(v))
                    .min().orElse(Double.NaN);
            return new LatencyBound(percentile, boundMs, -1, Double.NaN, Double.NaN, Double.NaN,
                    String.format(Locale.ROOT, "no step kept %s <= %s ms without errors (lowest %s: %.3f ms)",
                            percentile, Knee.num(boundMs), percentile, lowest));
        }
        StepPoint p = points.get(best);
        return new LatencyBound(percentile, boundMs, best, p.load(), p.throughput(), p.percentile(percentile),
                String.format(Locale.ROOT, "best throughput with %s <= %s ms: %.0f req/s at %s %s (%s %.3f ms)",
                        percentile, Knee.num(boundMs), p.throughput(), Knee.num(p.load()), unit, percentile,
                        p.percentile(percentile)));
    }
}
