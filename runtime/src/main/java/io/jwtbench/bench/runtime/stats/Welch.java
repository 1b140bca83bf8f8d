package io.jwtbench.bench.runtime.stats;

import java.util.Arrays;

/**
 * The confidence interval of a difference of two means from unequal-variance samples (Welch's t
 * interval): what a regression's per-second samples say about a change. Pure arithmetic; the
 * Student-t quantile comes from the Cornish-Fisher expansion (Abramowitz and Stegun 26.7.5), within
 * 0.5 % of the table from 3 degrees of freedom up, the table itself below ({@code WelchTest} holds it against the table).
 */
public final class Welch {
    /** The two-sided confidence every regression states. */
    public static final double CONFIDENCE = 0.95;
    /** The standard normal quantile of (1 + {@link #CONFIDENCE}) / 2. */
    private static final double Z = 1.959963984540054;
    /** Student's t at 1, 2 and 3 degrees of freedom, from the table. */
    private static final double T1 = 12.7062, T2 = 4.3027, T3 = 3.1824;

    private Welch() {
    }

    /**
     * {@code b}'s mean minus {@code a}'s, with its interval.
     *
     * @param df Welch–Satterthwaite degrees of freedom
     */
    public record Interval(double difference, double low, double high, double df) {
        /** Whether the interval leaves out 0: the samples say the means differ. */
        public boolean excludesZero() {
            return low > 0 || high < 0;
        }
    }

    /** The interval of mean(b) − mean(a); null with fewer than 2 finite samples on either side. */
    public static Interval interval(double[] a, double[] b) {
        double[] x = finite(a);
        double[] y = finite(b);
        if (x.length < 2 || y.length < 2) {
            return null;
        }
        double va = variance(x) / x.length;
        double vb = variance(y) / y.length;
        double diff = mean(y) - mean(x);
        double se = Math.sqrt(va + vb);
        if (se == 0) {
            return new Interval(diff, diff, diff, Double.POSITIVE_INFINITY);
        }
        double df = (va + vb) * (va + vb) / (va * va / (x.length - 1) + vb * vb / (y.length - 1));
        double half = t(df) * se;
        return new Interval(diff, diff - half, diff + half, df);
    }

    /** The two-sided {@link #CONFIDENCE} quantile of Student's t with {@code df} degrees of freedom. */
    public static double t(double df) {
        if (Double.isInfinite(df)) {
            return Z;
        }
        if (df < 3) { // the expansion is poor this low: the table's values, linearly between
            double d = Math.max(1, df);
            return d < 2 ? T1 + (T2 - T1) * (d - 1) : T2 + (T3 - T2) * (d - 2);
        }
        double z = Z;
        double z2 = z * z;
        double g1 = (z2 + 1) * z / 4;
        double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
        double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
        double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
        return z + g1 / df + g2 / (df * df) + g3 / (df * df * df) + g4 / (df * df * df * df);
    }

    public static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    /** The sample variance (n − 1). */
    static double variance(double[] v) {
        double m = mean(v);
        double sum = 0;
        for (double x : v) {
            sum += (x - m) * (x - m);
        }
        return sum / (v.length - 1);
    }

    /** The finite values (a merged report's per-second percentiles are NaN). */
    static double[] finite(double[] v) {
        return Arrays.stream(v).filter(Double::isFinite).toArray();
    }
}
