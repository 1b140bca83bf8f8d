package io.jwtbench.bench.runtime.analysis;

import java.util.List;
import java.util.OptionalDouble;

import io.jwtbench.bench.runtime.stats.SecondStats;

/**
 * The "score error" of a throughput, JMH style: the half-width of the 99.9 % confidence interval of
 * the mean, from the run's per-second throughput (full seconds only: a short last second is noisy).
 * Seconds of one run are not independent samples (a GC or a JIT phase spans several), so this is a
 * lower bound of the real uncertainty, and only a spread of the run: no measure of bias.
 */
public final class ThroughputError {
    /** Two-sided 99.9 % quantiles of Student's t (t at 0.9995) for 1 to 30 degrees of freedom. */
    private static final double[] T_9995 = { 636.619, 31.599, 12.924, 8.610, 6.869, 5.959, 5.408, 5.041, 4.781,
            4.587, 4.437, 4.318, 4.221, 4.140, 4.073, 4.015, 3.965, 3.922, 3.883, 3.850, 3.819, 3.792, 3.768, 3.745,
            3.725, 3.707, 3.690, 3.674, 3.659, 3.646 };
    /** The normal quantile at 0.9995. */
    private static final double Z_9995 = 3.2905;

    private ThroughputError() {
    }

    /** Empty with fewer than two full seconds (no spread to read). */
    public static OptionalDouble halfWidth(List<SecondStats> series, double durationSeconds) {
        int n = (int) Math.min(series.size(), Math.floor(durationSeconds + 1e-9));
        if (n < 2) {
            return OptionalDouble.empty();
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += series.get(i).rps();
        }
        mean /= n;
        double squares = 0;
        for (int i = 0; i < n; i++) {
            double d = series.get(i).rps() - mean;
            squares += d * d;
        }
        double sd = Math.sqrt(squares / (n - 1));
        return OptionalDouble.of(t(n - 1) * sd / Math.sqrt(n));
    }

    /** t at 0.9995: the table, then the Cornish-Fisher expansion (within 0.001 above 30 degrees). */
    static double t(int df) {
        if (df <= T_9995.length) {
            return T_9995[df - 1];
        }
        double z = Z_9995;
        double z3 = z * z * z;
        return z + (z3 + z) / (4.0 * df) + (5 * z3 * z * z + 16 * z3 + 3 * z) / (96.0 * df * df);
    }
}
