package io.jwtbench.bench.runtime.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
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
     * The pair a CI run beside a CPU hog measured of one build (3 s a side, 2 connections): p50 0.097 → 0.163 ms and
     * p99 0.918 → 0.219 ms, each second alike, so both intervals leave out zero by far. One build cannot be both
     * slower and faster: the gate says it cannot tell, and why, rather than fail the build on p50.
     */
    @Test
    void metricsThatMoveOppositeWaysAreInconclusive() {
        RunReport baseline = run("b", Sections.NONE, new double[] {14100, 14200, 14150}, new double[] {0.097, 0.096, 0.098},
                new double[] {0.91, 0.93, 0.92});
        RunReport current = run("c", Sections.NONE, new double[] {11600, 11700, 11650}, new double[] {0.162, 0.163, 0.164},
                new double[] {0.22, 0.21, 0.23});
        Regression r = Regression.of(current, baseline, 50);
        Regression.Change p50 = r.changes().get(1);
        assertEquals("p50", p50.metric());
        assertTrue(p50.low() > 50, "p50 alone would be slower: " + p50);
        assertEquals(Outcome.INCONCLUSIVE, p50.verdict(), p50.toString());
        assertEquals("slower beyond the tolerance, but the metrics disagree: p50 slower, p99 faster", p50.note());
        assertEquals(Outcome.INCONCLUSIVE, r.changes().get(2).verdict(), r.changes().get(2).toString());
        assertEquals(Outcome.INCONCLUSIVE, r.verdict(), r.summary());
        assertTrue(r.summary().endsWith("; which way cannot be told: the metrics disagree: p50 slower, p99 faster"), r.summary());
        assertTrue(Verdict.regressionChecks(r).stream().noneMatch(c -> c.outcome() == Verdict.Check.Outcome.FAILED),
                "a gate neither fails nor passes it");
    }

    /**
     * A slowdown its samples show, in a run whose per-second throughput varied by more than the steadiness limit: its
     * p99 is not called (its seconds' p99s mix stalled and clean ones), throughput and p50 are. Alone, p99 slower in
     * such a run is inconclusive (the same build's false alarm); with throughput slower too, the run is slower. A run
     * unsteady only by its JIT keeps every verdict (and the warning).
     */
    @Test
    void p99IsNotCalledBesideARunWhoseSecondsVariedBeyondTheLimit() {
        Steadiness.Limits limits = new Steadiness.Limits(50, 100, 1, 0.15, 0.2);
        String cv = "per-second throughput varied by 19.3 % (coefficient of variation; limit 15 %)";
        String jit = "126 JIT compilations, 555 ms of JIT compile time during measurement (55 ms/s, limit 50)";
        Sections varied = Sections.NONE.with(new Steadiness(false, List.of(cv), null, 0, null, 0.193, null, limits));
        Sections byJit = Sections.NONE.with(new Steadiness(false, List.of(jit), null, 0, null, 0.02, null, limits));
        double[] rps = {7000, 7050, 6950};
        double[] p50 = {0.28, 0.29, 0.28};
        RunReport baseline = run("b", Sections.NONE, rps, p50, new double[] {0.9, 0.95, 0.92});
        double[] stalled = {3.6, 3.4, 3.7};

        Regression jitOnly = Regression.of(run("c", byJit, rps, p50, stalled), baseline, 50);
        assertEquals(Outcome.SLOWER, jitOnly.verdict(), jitOnly.summary());
        assertTrue(jitOnly.warnings().contains("this run was not steady: " + jit), jitOnly.warnings().toString());

        Regression p99Only = Regression.of(run("c", varied, rps, p50, stalled), baseline, 50);
        Regression.Change p99 = p99Only.changes().get(2);
        assertTrue(p99.low() > 50, "its interval alone would call it slower: " + p99);
        assertEquals(Outcome.INCONCLUSIVE, p99.verdict(), p99.toString());
        assertEquals("slower beyond the tolerance, but p99 of this run's per-second throughput varied by 19.3 % (limit 15 %)",
                p99.note());
        assertEquals(Outcome.INCONCLUSIVE, p99Only.verdict(), p99Only.summary());
        assertTrue(p99Only.warnings().contains("this run was not steady: " + cv), p99Only.warnings().toString());
        assertTrue(Verdict.regressionChecks(p99Only).stream().noneMatch(c -> c.outcome() == Verdict.Check.Outcome.FAILED));

        double[] halved = {3500, 3600, 3450};
        Regression slowed = Regression.of(run("c", varied, halved, latencies(halved), stalled), baseline, 10);
        assertEquals(Outcome.SLOWER, slowed.changes().get(0).verdict(), slowed.summary());
        assertEquals(Outcome.INCONCLUSIVE, slowed.changes().get(2).verdict(), slowed.summary());
        assertEquals(Outcome.SLOWER, slowed.verdict(), slowed.summary());
    }

    /**
     * A closed-model run of one full second per {@code rps}, each answered at a latency that follows its rate (a
     * fixed 2 connections), so throughput and latency move together as they do in a real run.
     */
    private static RunReport run(String id, double... rps) {
        return run(id, Sections.NONE, rps, latencies(rps), latencies(rps));
    }

    /** The latency in ms at which 2 connections answer each second's {@code rps}. */
    private static double[] latencies(double[] rps) {
        return Arrays.stream(rps).map(r -> 2 * 1000 / r).toArray();
    }

    /** A closed-model run of one full second per {@code rps}, each with its p50 and p99 in ms. */
    private static RunReport run(String id, Sections sections, double[] rps, double[] p50, double[] p99) {
        List<SecondStats> seconds = new ArrayList<>();
        Histogram h = LatencyRecording.newHistogram();
        long requests = 0;
        for (int i = 0; i < rps.length; i++) {
            seconds.add(new SecondStats(i, (long) rps[i], rps[i], p50[i], p50[i], p99[i], 0));
            h.recordValueWithCount((long) (p50[i] * 1000), (long) rps[i]);
            requests += (long) rps[i];
        }
        return new RunReport(id, RunStatus.DONE, "jwt", new LoadModel.Closed(2), null, Map.of(), Map.of(), Instant.now(),
                Instant.now(), null, new RunReport.Measured(rps.length, requests, requests / (double) rps.length, 0),
                LatencyStats.of(h), null, ErrorCounts.NONE, 0, 0, null, seconds, null, null, sections, Map.of());
    }
}
