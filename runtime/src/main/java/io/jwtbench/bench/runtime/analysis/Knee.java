package io.jwtbench.bench.runtime.analysis;

import io.jwtbench.bench.runtime.plan.Percentile;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The knee of a sweep: the first step where throughput stops growing with the load while the tail
 * latency jumps. Compared with the step before it:
 * <ul>
 * <li>throughput efficiency {@code e = (X_i / X_{i-1} - 1) / (L_i / L_{i-1} - 1)}: 1 when throughput
 * grows as fast as the load (linear scaling), 0 when flat, negative when it falls;</li>
 * <li>latency growth {@code g = (p_i / p_{i-1} - 1) / (L_i / L_{i-1} - 1)} for p90 and p99, the larger
 * one: 0 when latency stays flat, 1 when it grows in proportion to the load (what Little's law predicts
 * once throughput is flat in a closed system).</li>
 * </ul>
 * The knee is the first step with {@code e < 0.5} and {@code g >= 0.5} (and the percentile grew by
 * more than 0.05 ms, so microsecond noise on fast endpoints does not count).
 *
 * @param index index of the knee step in the (load-ordered) points
 * @param load load of the knee step
 * @param previousLoad load of the step before: the last one that still scaled
 * @param throughputEfficiency e, as above
 * @param latencyGrowth g, as above
 * @param percentile which percentile jumped more (p90 or p99)
 */
public record Knee(int index, double load, double previousLoad, double throughputEfficiency, double latencyGrowth,
        Percentile percentile) {

    static final double MAX_EFFICIENCY = 0.5;
    static final double MIN_LATENCY_GROWTH = 0.5;
    static final double MIN_LATENCY_STEP_MS = 0.05;

    /** @param points ordered by increasing load */
    public static Optional<Knee> find(List<StepPoint> points) {
        for (int i = 1; i < points.size(); i++) {
            StepPoint a = points.get(i - 1);
            StepPoint b = points.get(i);
            double loadGrowth = b.load() / a.load() - 1;
            if (!(loadGrowth > 0) || !(a.throughput() > 0)) {
                continue;
            }
            double efficiency = (b.throughput() / a.throughput() - 1) / loadGrowth;
            double g90 = growth(a.p90(), b.p90(), loadGrowth);
            double g99 = growth(a.p99(), b.p99(), loadGrowth);
            double g = Math.max(nanToMin(g90), nanToMin(g99));
            if (efficiency < MAX_EFFICIENCY && g >= MIN_LATENCY_GROWTH) {
                return Optional.of(new Knee(i, b.load(), a.load(), efficiency, g, nanToMin(g99) >= nanToMin(g90) ? Percentile.P99 : Percentile.P90));
            }
        }
        return Optional.empty();
    }

    private static double growth(double before, double after, double loadGrowth) {
        if (!(before > 0) || !(after - before > MIN_LATENCY_STEP_MS)) {
            return Double.NaN;
        }
        return (after / before - 1) / loadGrowth;
    }

    private static double nanToMin(double v) {
        return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v;
    }

    public String describe(String unit) {
        // a negative efficiency is throughput that fell: said as such, not as "grew -34 % as fast"
        String throughput = throughputEfficiency < 0
                ? String.format(Locale.ROOT, "throughput fell %.0f%%", -100 * throughputEfficiency * (load / previousLoad - 1))
                : String.format(Locale.ROOT, "throughput grew %.0f%% as fast as the load", 100 * throughputEfficiency);
        return String.format(Locale.ROOT, "knee at %s %s: from %s to %s %s %s while %s grew %.0f%% as fast as the load",
                num(load), unit, num(previousLoad), num(load), unit, throughput, percentile, 100 * latencyGrowth);
    }

    static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
