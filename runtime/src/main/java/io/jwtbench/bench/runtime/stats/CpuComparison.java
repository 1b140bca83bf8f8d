package io.jwtbench.bench.runtime.stats;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link Regression}'s CPU side: process CPU per answered request in both runs, and by component where both
 * measured a profile (one profile per run: no interval), the largest changes first.
 */
final class CpuComparison {
    /** Components listed in a CPU comparison. */
    static final int COMPONENTS = 8;

    private CpuComparison() {
    }

    static Regression.Cpu of(RunReport current, RunReport baseline) {
        Double a = usPerRequest(baseline);
        Double b = usPerRequest(current);
        Double change = a == null || b == null ? null : Regression.round(b - a);
        Profile pa = baseline.profile();
        Profile pb = current.profile();
        if (pa == null || pb == null) {
            return new Regression.Cpu(a, b, change, null, (pa == null ? "the baseline" : "this run") + " has no CPU profile");
        }
        Map<String, Double> before = pa.usPerRequestByComponent();
        Map<String, Double> after = pb.usPerRequestByComponent();
        Set<String> names = new LinkedHashSet<>(before.keySet());
        names.addAll(after.keySet());
        List<Regression.ComponentChange> components = names.stream()
                .map(n -> new Regression.ComponentChange(n, Regression.round(before.getOrDefault(n, 0.0)),
                        Regression.round(after.getOrDefault(n, 0.0)),
                        Regression.round(after.getOrDefault(n, 0.0) - before.getOrDefault(n, 0.0))))
                .sorted(Comparator.comparingDouble((Regression.ComponentChange c) -> Math.abs(c.changeUsPerRequest())).reversed())
                .limit(COMPONENTS).toList();
        return new Regression.Cpu(a, b, change, components, null);
    }

    /** The profile's process CPU per request, else the JVM section's CPU over the answered requests. */
    private static Double usPerRequest(RunReport r) {
        if (r.profile() != null && r.profile().processCpuUsPerRequest() != null) {
            return Regression.round(r.profile().processCpuUsPerRequest());
        }
        if (r.jvm() == null || r.jvm().processCpu() == null || r.jvm().processCpu().cpuSeconds() == null
                || r.measured() == null || r.measured().requests() == 0) {
            return null;
        }
        return Regression.round(r.jvm().processCpu().cpuSeconds() * 1e6 / r.measured().requests());
    }
}
