package io.jwtbench.bench.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.stats.SecondStats;

class ThroughputErrorTest {

    /** The interval holds what it promises: the true mean in about 99.9 % of samples, at any length. */
    @Test
    void coversTheTrueMeanAsOftenAsPromised() {
        Random random = new Random(12);
        for (int seconds : new int[] { 3, 10, 45 }) {
            int trials = 20_000;
            int covered = 0;
            for (int trial = 0; trial < trials; trial++) {
                List<SecondStats> series = new ArrayList<>();
                double sum = 0;
                for (int s = 0; s < seconds; s++) {
                    double rps = 5000 + 300 * random.nextGaussian();
                    sum += rps;
                    series.add(new SecondStats(s + 1, (long) rps, rps, 0, 0, 0, 0));
                }
                double error = ThroughputError.halfWidth(series, seconds).orElseThrow();
                covered += Math.abs(sum / seconds - 5000) <= error ? 1 : 0;
            }
            // binomial: 99.9 % of 20,000 misses 20 times on average; 60 is 9 standard deviations out
            assertTrue(trials - covered <= 60 && trials - covered >= 2, seconds + " s: missed " + (trials - covered));
        }
    }

    @Test
    void publishedQuantilesOfStudentsT() {
        assertEquals(3.646, ThroughputError.t(30), 0.001);
        assertEquals(3.551, ThroughputError.t(40), 0.002);
        assertEquals(3.460, ThroughputError.t(60), 0.002);
        assertEquals(3.373, ThroughputError.t(120), 0.002);
    }

    @Test
    void noSpreadFromUnderTwoFullSeconds() {
        List<SecondStats> two = List.of(new SecondStats(1, 10, 10, 0, 0, 0, 0), new SecondStats(2, 5, 9, 0, 0, 0, 0));
        assertTrue(ThroughputError.halfWidth(two, 1.6).isEmpty(), "the second point is a partial second");
        assertTrue(ThroughputError.halfWidth(two, 2.0).isPresent());
    }
}
