package io.jwtbench.bench.runtime.analysis;

import java.util.Arrays;

/**
 * Wilcoxon's signed-rank statistics for paired differences: the Hodges–Lehmann estimate of their
 * centre (the median of the Walsh averages) and its exact distribution-free confidence interval
 * (Hollander and Wolfe, <i>Nonparametric Statistical Methods</i>, 3.2). Paired samples on a shared
 * machine have outliers (a neighbour's burst in one pair) and no known distribution; the rank test
 * needs only that the differences are independent and symmetric about their centre, and one wild
 * pair moves it by one rank, not by its size. Pure arithmetic, exact for any n (the null distribution
 * of W+ by dynamic programming); {@code SignedRankTest} holds it against full enumeration.
 */
public final class SignedRank {

    private SignedRank() {
    }

    /**
     * The centre of the differences and its interval.
     *
     * @param confidence the exact coverage of [low, high] under the null distribution (at least the one asked for)
     */
    public record Interval(double estimate, double low, double high, double confidence) {
    }

    /** P(W+ ≤ w) for w = 0..n(n+1)/2 when n differences are equally likely positive or negative. */
    static double[] nullCdf(int n) {
        int max = n * (n + 1) / 2;
        double[] p = new double[max + 1];
        p[0] = 1;
        int reach = 0;
        for (int rank = 1; rank <= n; rank++) {
            reach += rank;
            for (int s = reach; s >= 0; s--) { // each rank's sign halves the mass, in place from the top
                p[s] = 0.5 * p[s] + (s >= rank ? 0.5 * p[s - rank] : 0);
            }
        }
        for (int s = 1; s <= max; s++) {
            p[s] += p[s - 1];
        }
        return p;
    }

    /**
     * The number k of Walsh averages cut from each end: the largest with P(W+ ≤ k − 1) ≤ (1 − confidence) / 2.
     * Zero when n is too small for that confidence (no interval).
     */
    static int cut(int n, double confidence) {
        double tail = (1 - confidence) / 2;
        double[] cdf = nullCdf(n);
        int k = 0;
        while (k < cdf.length && cdf[k] <= tail + 1e-12) {
            k++;
        }
        return k;
    }

    /** The n(n+1)/2 averages (d_i + d_j) / 2, i ≤ j, sorted. */
    static double[] walshAverages(double[] d) {
        double[] w = new double[d.length * (d.length + 1) / 2];
        int at = 0;
        for (int i = 0; i < d.length; i++) {
            for (int j = i; j < d.length; j++) {
                w[at++] = (d[i] + d[j]) / 2;
            }
        }
        Arrays.sort(w);
        return w;
    }

    /**
     * The Hodges–Lehmann estimate with its exact interval at no less than {@code confidence} (two-sided);
     * null when there are too few differences for that confidence (at 95 %, fewer than 6).
     */
    public static Interval interval(double[] differences, double confidence) {
        double[] d = Arrays.stream(differences).filter(Double::isFinite).toArray();
        int k = cut(d.length, confidence);
        if (k == 0) {
            return null;
        }
        double[] w = walshAverages(d);
        double[] cdf = nullCdf(d.length);
        return new Interval(Median.ofSorted(w), w[k - 1], w[w.length - k], 1 - 2 * cdf[k - 1]);
    }

    /** The fewest differences that give an interval at {@code confidence}. */
    public static int minimumPairs(double confidence) {
        int n = 1;
        while (cut(n, confidence) == 0) {
            n++;
        }
        return n;
    }
}
