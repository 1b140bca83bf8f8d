package io.jwtbench.bench.runtime.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.stats.Regression.Outcome;

/**
 * What a run held against its baseline is called, from per-second samples of known spread: a slowdown whose
 * samples say so is slower, an unchanged run measured closely is the same, and an interval that holds both no
 * change and one beyond the tolerance is inconclusive, never "no significant difference", so a gate does not pass
 * what it could not see. The inconclusive pair is the one a CI run beside a CPU hog measured: the token cache off
 * (36 % slower), 3 one-second samples a side, one of them stalled.
 */
class RegressionOutcomeTest {

    @Test
    void samplesThatCannotTellAreInconclusiveNotTheSame() {
        RunReport baseline = run("b", 7000, 3000, 6500);
        RunReport slowedButUnsteady = run("c", 4400, 800, 4300);
        Regression r = Regression.of(slowedButUnsteady, baseline, 10);

        Regression.Change throughput = r.changes().get(0);
        assertTrue(throughput.low() < 0 && throughput.high() > 0, "the interval holds zero: " + throughput);
        assertTrue(throughput.low() < -10, "and a slowdown beyond the tolerance: " + throughput);
        assertEquals(Outcome.INCONCLUSIVE, throughput.verdict(), throughput.toString());
        assertEquals("the interval reaches beyond the ±10 % tolerance", throughput.note());
        assertEquals(Outcome.INCONCLUSIVE, r.verdict(), r.summary());
        assertTrue(r.summary().startsWith("inconclusive against baseline b (95 % confidence, tolerance 10 %): "), r.summary());

        List<Verdict.Check> checks = Verdict.regressionChecks(r);
        assertEquals(Verdict.Check.Outcome.SKIPPED, checks.get(0).outcome(), "a gate does not pass it: " + checks.get(0));
        assertTrue(checks.stream().noneMatch(c -> c.outcome() == Verdict.Check.Outcome.FAILED), checks.toString());
    }

    @Test
    void aSlowdownItsSamplesShowIsSlower() {
        Regression r = Regression.of(run("c", 4400, 4500, 4300), run("b", 7000, 7100, 6900), 10);
        assertEquals(Outcome.SLOWER, r.changes().get(0).verdict(), r.summary());
        assertEquals(Outcome.SLOWER, r.verdict(), r.summary());
    }

    @Test
    void anUnchangedRunMeasuredCloselyIsTheSame() {
        Regression r = Regression.of(run("c", 7010, 6950, 7040), run("b", 7000, 7100, 6900), 10);
        for (Regression.Change c : r.changes()) {
            assertEquals(Outcome.SAME, c.verdict(), c.toString());
            assertTrue(c.low() >= -10 && c.high() <= 10, c.toString());
            assertNull(c.note());
        }
        assertEquals(Outcome.SAME, r.verdict(), r.summary());
    }

    @Test
    void aSmallRealChangeInsideTheToleranceIsTheSame() {
        // 3 % slower, measured to ±1 %: significant, but within a 10 % tolerance
        Regression r = Regression.of(run("c", 6790, 6800, 6810), run("b", 7000, 7010, 6990), 10);
        Regression.Change throughput = r.changes().get(0);
        assertTrue(throughput.high() < 0, throughput.toString());
        assertEquals(Outcome.SAME, throughput.verdict(), throughput.toString());
    }

    /**
     * A closed-model run of one full second per {@code rps}, each answered at a latency that follows its rate (a
     * fixed 2 connections), so throughput and latency move together as they do in a real run.
     */
    private static RunReport run(String id, double... rps) {
        List<SecondStats> seconds = new ArrayList<>();
        Histogram h = LatencyRecording.newHistogram();
        long requests = 0;
        for (int i = 0; i < rps.length; i++) {
            double ms = 2 * 1000 / rps[i];
            seconds.add(new SecondStats(i, (long) rps[i], rps[i], ms, ms, ms, 0));
            h.recordValueWithCount((long) (ms * 1000), (long) rps[i]);
            requests += (long) rps[i];
        }
        return new RunReport(id, RunStatus.DONE, "jwt", new LoadModel.Closed(2), null, Map.of(), Map.of(), Instant.now(),
                Instant.now(), null, new RunReport.Measured(rps.length, requests, requests / (double) rps.length, 0),
                LatencyStats.of(h), null, ErrorCounts.NONE, 0, 0, null, seconds, null, null, Sections.NONE, Map.of());
    }
}
