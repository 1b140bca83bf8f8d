package io.jwtbench.bench.runtime.analysis;

import java.util.stream.DoubleStream;

/** The median, written once: the middle value, or the mean of the two middle ones of an even count. */
public final class Median {
    private Median() {
    }

    /** The median of values sorted ascending; NaN when there are none. */
    public static double ofSorted(double[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The median of values in any order; NaN when there are none. */
    public static double of(DoubleStream values) {
        return ofSorted(values.sorted().toArray());
    }
}
