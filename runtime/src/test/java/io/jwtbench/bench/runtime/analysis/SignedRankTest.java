package io.jwtbench.bench.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The signed-rank interval against what it did not compute: the null distribution by enumerating every sign
 * pattern, the published critical values, and its coverage on simulated samples of a heavy-tailed distribution.
 */
class SignedRankTest {

    @Test
    void theNullDistributionIsTheEnumerationOfEverySignPattern() {
        for (int n = 1; n <= 12; n++) {
            int max = n * (n + 1) / 2;
            double[] counted = new double[max + 1];
            for (int signs = 0; signs < 1 << n; signs++) {
                int w = 0;
                for (int rank = 1; rank <= n; rank++) {
                    if ((signs & 1 << rank - 1) != 0) {
                        w += rank;
                    }
                }
                counted[w]++;
            }
            for (int w = 1; w <= max; w++) {
                counted[w] += counted[w - 1];
            }
            for (int w = 0; w <= max; w++) {
                counted[w] /= 1 << n;
            }
            assertArrayEquals(counted, SignedRank.nullCdf(n), 1e-12, "n " + n);
        }
    }

    /** Hollander and Wolfe, table A.4: the lower critical values of W+ at two-sided 0.05 (P(W+ ≤ c) ≤ 0.025). */
    @Test
    void theCutIsThePublishedCriticalValuePlusOne() {
        int[][] nAndCritical = { { 6, 0 }, { 7, 2 }, { 8, 3 }, { 10, 8 }, { 12, 13 }, { 15, 25 }, { 20, 52 }, { 25, 89 } };
        for (int[] row : nAndCritical) {
            assertEquals(row[1] + 1, SignedRank.cut(row[0], 0.95), "n " + row[0]);
        }
        assertEquals(0, SignedRank.cut(5, 0.95), "5 pairs cannot give a 95 % interval: the smallest tail is 1/32");
        assertEquals(6, SignedRank.minimumPairs(0.95));
        assertEquals(8, SignedRank.minimumPairs(0.9875));
    }

    @Test
    void theIntervalCutsTheWalshAveragesAndSaysItsExactCoverage() {
        double[] d = { 0.3, -0.1, 0.7, 0.2, 1.1, 0.4, -0.2, 0.5, 0.9, 0.0 };
        SignedRank.Interval iv = SignedRank.interval(d, 0.95);
        double[] w = SignedRank.walshAverages(d);
        assertEquals(55, w.length);
        assertEquals(w[8], iv.low(), 1e-12, "the 9th smallest of 55");
        assertEquals(w[46], iv.high(), 1e-12, "the 9th largest");
        assertEquals(1 - 2 * 25.0 / 1024, iv.confidence(), 1e-12, "P(W+ <= 8) = 25/1024 at n = 10");
        assertEquals((w[27]), iv.estimate(), 1e-12, "the median of the Walsh averages");
        assertNull(SignedRank.interval(new double[] { 1, 2, 3, 4, 5 }, 0.95));
        assertNull(SignedRank.interval(new double[] { 1, 2, 3, 4, 5, Double.NaN }, 0.95), "a NaN is no pair");
    }

    @Test
    void shiftingTheSampleShiftsTheIntervalAndOneWildPairBarelyMovesIt() {
        double[] d = { 0.3, -0.1, 0.7, 0.2, 1.1, 0.4, -0.2, 0.5, 0.9, 0.0, 0.6, 0.1 };
        SignedRank.Interval iv = SignedRank.interval(d, 0.95);
        double[] shifted = d.clone();
        for (int i = 0; i < d.length; i++) {
            shifted[i] += 10;
        }
        SignedRank.Interval up = SignedRank.interval(shifted, 0.95);
        assertEquals(iv.estimate() + 10, up.estimate(), 1e-9);
        assertEquals(iv.low() + 10, up.low(), 1e-9);
        assertEquals(iv.high() + 10, up.high(), 1e-9);
        double[] wild = d.clone();
        wild[4] = 1000; // a neighbour's burst in one pair
        SignedRank.Interval robust = SignedRank.interval(wild, 0.95);
        assertTrue(Math.abs(robust.estimate() - iv.estimate()) < 0.1, robust + " against " + iv);
        assertTrue(robust.high() < 2, "one wild pair is one rank, not its size: " + robust);
    }

    /** Laplace noise (heavier tails than normal): the interval holds the true centre as often as it says. */
    @Test
    void itCoversTheTrueCentreAsOftenAsItSays() {
        Random random = new Random(35);
        int trials = 4000;
        int covered = 0;
        double stated = 0;
        for (int t = 0; t < trials; t++) {
            double[] d = new double[12];
            for (int i = 0; i < d.length; i++) {
                double u = random.nextDouble() - 0.5;
                d[i] = 0.02 - 0.05 * Math.signum(u) * Math.log(1 - 2 * Math.abs(u));
            }
            SignedRank.Interval iv = SignedRank.interval(d, 0.95);
            assertNotNull(iv);
            stated = iv.confidence();
            if (iv.low() <= 0.02 && 0.02 <= iv.high()) {
                covered++;
            }
        }
        double rate = (double) covered / trials;
        double se = Math.sqrt(stated * (1 - stated) / trials);
        assertEquals(stated, rate, 4 * se, "coverage " + rate + " against the stated " + stated);
    }
}
