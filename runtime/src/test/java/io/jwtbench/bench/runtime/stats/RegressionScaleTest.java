package io.jwtbench.bench.runtime.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.plan.LoadModel;

/**
 * Holding two profiles against each other costs as much as reading them: the components are matched by
 * name through a map, not by a scan per name. With 40,000 components a side the old scan did 1.6 billion
 * name comparisons (tens of seconds of CPU; 8,000 took 3.7 s in the review); the verdict now takes
 * milliseconds, and the thread's CPU time says so whatever else the machine runs.
 */
class RegressionScaleTest {
    static final int COMPONENTS = 40_000;

    @Test
    void componentsAreMatchedByNameInOnePass() {
        RunReport baseline = report("b", 1.0);
        RunReport current = report("c", 1.5);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu = threads.getCurrentThreadCpuTime();
        Regression r = Regression.of(current, baseline, 20);
        long cpuMs = (threads.getCurrentThreadCpuTime() - cpu) / 1_000_000;

        assertEquals(CpuComparison.COMPONENTS, r.cpu().components().size());
        // every component moved by half its baseline figure: the largest ones lead, each from its own row
        Regression.ComponentChange top = r.cpu().components().get(0);
        assertEquals("c" + (COMPONENTS - 1), top.component());
        assertEquals(COMPONENTS * 0.5, top.changeUsPerRequest(), 1e-6);
        assertTrue(cpuMs < 2_000, "the verdict took " + cpuMs + " ms of CPU for " + COMPONENTS + " components a side");
    }

    /** A run with {@link #COMPONENTS} components; component {@code ci} costs {@code (i + 1) × scale} µs per request. */
    private static RunReport report(String id, double scale) {
        List<Profile.Component> components = new ArrayList<>();
        for (int i = 0; i < COMPONENTS; i++) {
            components.add(new Profile.Component("c" + i, 1, 0.1, (i + 1) * scale, null, null, null, null));
        }
        Profile profile = new Profile("test", null, 1000L, 1.0, 100.0, 100.0, 1.0, 100L, 1.0, 0L, 0L, null, 0L, 0L, 0L, null, null,
                0, 0L, components, null);
        Histogram h = LatencyRecording.newHistogram();
        h.recordValue(1000);
        return new RunReport(id, RunStatus.DONE, "health", new LoadModel.Closed(2), null, Map.of(), Map.of(), Instant.now(),
                Instant.now(), null, new RunReport.Measured(1, 1000, 1000, 0), LatencyStats.of(h), null, ErrorCounts.NONE,
                0, 0, null, List.of(), null, null, Sections.NONE.with(profile), Map.of());
    }
}
