package io.jwtbench.bench.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.analysis.LaunchComparison.Side;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Outcome;

/** A build against a saved baseline: judged only on the same machine at the same speed, on launches, not seconds. */
class LaunchComparisonTest {
    static final String MACHINE = "Xeon, 2 cores, OpenJDK 64-Bit Server VM 25+36, Linux 6.1";

    static Side side(double... launches) {
        return new Side(java.util.Arrays.stream(launches).boxed().toList(), MACHINE, 2.60, 2.61);
    }

    @Test
    void launchesTenPercentDearerAreARegressionAndTheSameAPass() {
        LaunchComparison.Result slower = LaunchComparison.judge(side(100, 102, 98), side(110, 112.2, 107.8), 5);
        assertEquals(Outcome.REGRESSED, slower.outcome());
        assertEquals(10, slower.changePercent(), 0.1);
        assertTrue(slower.lowPercent() > 0 && slower.highPercent() > 10, slower.toString());
        LaunchComparison.Result same = LaunchComparison.judge(side(100, 101, 99), side(100.5, 99.5, 100), 5);
        assertEquals(Outcome.PASS, same.outcome(), same.toString());
        LaunchComparison.Result spread = LaunchComparison.judge(side(100, 120, 85), side(104, 125, 88), 5);
        assertEquals(Outcome.INCONCLUSIVE, spread.outcome(), "launches this far apart rule out nothing: " + spread);
    }

    @Test
    void anotherMachineAMovingCanaryOrTooFewLaunchesAreNotJudged() {
        Side elsewhere = new Side(List.of(100.0, 101.0, 99.0), "EPYC, 4 cores, OpenJDK 64-Bit Server VM 25+36, Linux 6.1", 2.60, 2.60);
        LaunchComparison.Result r = LaunchComparison.judge(side(100, 101, 99), elsewhere, 5);
        assertEquals(Outcome.INCONCLUSIVE, r.outcome());
        assertNull(r.changePercent());
        assertTrue(r.reasons().get(0).startsWith("not the machine the baseline was measured on: Xeon, 2 cores"), r.reasons().get(0));

        Side slowedDown = new Side(List.of(100.0, 101.0, 99.0), MACHINE, 2.60, 2.70);
        r = LaunchComparison.judge(side(100, 101, 99), slowedDown, 5);
        assertEquals(List.of("the machine's speed moved while this build was measured: the canary cost 2.60 then 2.70 ms of CPU"
                + " (+3.8 %, more than 2 %)"), r.reasons());

        Side fasterNow = new Side(List.of(100.0, 101.0, 99.0), MACHINE, 2.50, 2.50);
        r = LaunchComparison.judge(side(100, 101, 99), fasterNow, 5);
        assertTrue(r.reasons().get(0).startsWith("the machine's speed moved since the baseline was measured"), r.reasons().toString());

        r = LaunchComparison.judge(side(100, 101), side(100, 101, 99), 5);
        assertEquals(List.of("the baseline has 2 launches: at least 3 are needed"), r.reasons());
    }
}
