package io.jwtbench.bench.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.analysis.PairedVerdict.Metric;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Outcome;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Plan;

/**
 * The double gate's outcomes on pairs whose truth is known, and its error rates measured on simulated
 * sequences of pairs looked at as the check looks at them (not recomputed from its formula).
 */
class PairedVerdictTest {
    static final Metric CPU = new Metric("CPU/request", true, 5, true);
    static final Metric THROUGHPUT = new Metric("throughput", false, 5, true);
    static final Metric P99 = new Metric("p99", true, 10, false);

    @Test
    void theLooksAreSpreadUpToTheMostPairsAndNoneComesBeforeAnIntervalCan() {
        Plan plan = Plan.of(40, 4, 1);
        assertEquals(List.of(10, 20, 30, 40), plan.at());
        assertEquals(1 - 0.05 / 4, plan.confidence(), 1e-12);
        assertEquals(List.of(8, 10), Plan.of(10, 4, 1).at(), "8 pairs are the fewest for a 98.75 % interval");
        assertEquals(List.of(), Plan.of(7, 4, 1).at(), "no look fits: the budget is too short");
        assertEquals(1 - 0.05 / 8, Plan.of(40, 4, 2).confidence(), 1e-12, "two gating metrics share the error rate");
    }

    @Test
    void aChangeRuledOutIsAPassASignificantOneAtTheToleranceIsARegression() {
        double[] small = shifted(0.01, 0.002, 12); // +1 %, tight: +5 % ruled out
        assertEquals(Outcome.PASS, PairedVerdict.judge(CPU, small, 0.95, false).outcome());
        double[] big = shifted(Math.log(1.08), 0.005, 12);
        PairedVerdict.Judgement j = PairedVerdict.judge(CPU, big, 0.95, false);
        assertEquals(Outcome.REGRESSED, j.outcome());
        assertEquals(8, j.changePercent(), 0.3);
        double[] noisy = shifted(0, 0.2, 12); // nothing ruled out either way
        assertEquals(Outcome.INCONCLUSIVE, PairedVerdict.judge(CPU, noisy, 0.95, true).outcome());
        assertNull(PairedVerdict.judge(CPU, shifted(0.1, 0.01, 5), 0.95, true).changePercent(), "5 pairs: no interval");
        assertEquals(Outcome.INCONCLUSIVE, PairedVerdict.judge(CPU, shifted(0.1, 0.01, 5), 0.95, true).outcome());
    }

    @Test
    void belowTheToleranceButNotRuledOutWaitsForTheLastLook() {
        double[] d = shifted(Math.log(1.035), 0.025, 12); // +3.5 %: significant, +5 % not ruled out
        PairedVerdict.Judgement interim = PairedVerdict.judge(CPU, d, 0.95, false);
        assertTrue(interim.lowPercent() > 0 && interim.highPercent() >= 5 && interim.changePercent() < 5, interim.describe());
        assertEquals(Outcome.INCONCLUSIVE, interim.outcome());
        assertEquals(Outcome.REGRESSED, PairedVerdict.judge(CPU, d, 0.95, true).outcome());
    }

    @Test
    void throughputIsWorseWhenItFallsAndIsShownInItsOwnDirection() {
        double[] fell = shifted(Math.log(1.10), 0.005, 12); // worse-positive: throughput fell by a factor 1.1
        PairedVerdict.Judgement j = PairedVerdict.judge(THROUGHPUT, fell, 0.95, false);
        assertEquals(Outcome.REGRESSED, j.outcome());
        assertEquals(-9.1, j.changePercent(), 0.3, "1/1.1 - 1");
        assertTrue(j.lowPercent() < j.changePercent() && j.changePercent() < j.highPercent(), j.describe());
        assertEquals(Math.log(1.1), THROUGHPUT.worse(110, 100), 1e-12);
        assertEquals(Math.log(1.1), CPU.worse(100, 110), 1e-12);
    }

    @Test
    void aWatchedMetricIsShownButDoesNotDecide() {
        double[] cpuSame = shifted(0, 0.005, 12);
        double[] p99Worse = shifted(Math.log(1.5), 0.01, 12);
        PairedVerdict.Result r = PairedVerdict.of(List.of(CPU, P99), List.of(cpuSame, p99Worse), 0.95, true);
        assertEquals(Outcome.PASS, r.outcome());
        assertEquals(Outcome.REGRESSED, r.judgements().get(1).outcome());
        PairedVerdict.Result both = PairedVerdict.of(List.of(CPU, THROUGHPUT), List.of(cpuSame, shifted(Math.log(1.2), 0.01, 12)),
                0.95, true);
        assertEquals(Outcome.REGRESSED, both.outcome(), "any gating metric regressed");
    }

    /**
     * Sequences of pairs with t-distributed (3 degrees of freedom: a busy machine's outliers) noise of 4 %, looked
     * at 4 times up to 40 pairs, stopping at the first decisive look, as the check does. Same build: REGRESSED in
     * at most 2.5 % of verdicts (the design's one-sided error), with the simulation's own error on top.
     */
    @Test
    void sameBuildIsRarelyCalledRegressedAndAKnownSlowdownIsFound() {
        Random random = new Random(3535);
        assertTrue(rate(random, 0, Outcome.REGRESSED, 2000) <= 0.025 + 3 * Math.sqrt(0.025 * 0.975 / 2000));
        assertTrue(rate(random, 0, Outcome.INCONCLUSIVE, 2000) < 0.01, "40 pairs of 4 % noise rule out 5 %");
        assertTrue(rate(random, 0.05, Outcome.REGRESSED, 1000) >= 0.9, "a slowdown of the tolerance is found");
        assertTrue(rate(random, 0.10, Outcome.REGRESSED, 1000) >= 0.99);
        assertTrue(rate(random, 0.05, Outcome.PASS, 1000) <= 0.025, "nor passed");
    }

    /** The share of simulated verdicts with {@code outcome} when NEW is slower by {@code slowdown}. */
    static double rate(Random random, double slowdown, Outcome outcome, int verdicts) {
        Plan plan = Plan.of(40, 4, 1);
        int hits = 0;
        for (int v = 0; v < verdicts; v++) {
            double[] all = new double[plan.maxPairs()];
            for (int i = 0; i < all.length; i++) {
                double t3 = random.nextGaussian() / Math.sqrt((sq(random.nextGaussian()) + sq(random.nextGaussian())
                        + sq(random.nextGaussian())) / 3);
                all[i] = Math.log1p(slowdown) + 0.04 / Math.sqrt(3) * t3; // t3's SD is sqrt(3)
            }
            PairedVerdict.Result r = null;
            for (int n : plan.at()) {
                r = PairedVerdict.at(plan, List.of(CPU), List.of(java.util.Arrays.copyOf(all, n)), false);
                if (r.outcome() != Outcome.INCONCLUSIVE) {
                    break;
                }
            }
            hits += r.outcome() == outcome ? 1 : 0;
        }
        return (double) hits / verdicts;
    }

    static double sq(double x) {
        return x * x;
    }

    /** n values around {@code centre}, spread evenly over ±2 {@code spread}, in order. */
    static double[] shifted(double centre, double spread, int n) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = centre + spread * (4.0 * i / (n - 1) - 2);
        }
        return d;
    }
}
