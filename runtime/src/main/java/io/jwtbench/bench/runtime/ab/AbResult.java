package io.jwtbench.bench.runtime.ab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.analysis.PairedVerdict;

/**
 * A finished check: its pairs and the verdict of its last look.
 *
 * @param injectedUs the slowdown asked of NEW per request, 0 without
 * @param machine    what the machine was and did ({@link Machine})
 */
public record AbResult(AbSettings settings, String load, PairedVerdict.Plan plan, List<PairedCheck.Pair> pairs,
        PairedVerdict.Result verdict, int injectedUs, Duration elapsed, String machine) {

    /** One profile component's server CPU per request over all pairs of each build. */
    public record ComponentChange(String component, double baseUs, double currentUs) {
        public double change() {
            return currentUs - baseUs;
        }
    }

    /**
     * Every component's CPU per request over all pairs, NEW against BASE, the largest change first; those that are
     * not the service's work left out, as from the CPU the check compares ({@link Segment#NOT_THE_SERVICE}).
     */
    public List<ComponentChange> components() {
        Map<String, double[]> seconds = new LinkedHashMap<>();
        long baseRequests = 0;
        long currentRequests = 0;
        for (PairedCheck.Pair p : pairs) {
            p.base().components().forEach((c, s) -> seconds.computeIfAbsent(c, k -> new double[2])[0] += s);
            p.current().components().forEach((c, s) -> seconds.computeIfAbsent(c, k -> new double[2])[1] += s);
            baseRequests += p.base().requests();
            currentRequests += p.current().requests();
        }
        List<ComponentChange> changes = new ArrayList<>();
        for (Map.Entry<String, double[]> e : seconds.entrySet()) {
            if (Segment.service(e.getKey())) {
                changes.add(new ComponentChange(e.getKey(), 1e6 * e.getValue()[0] / baseRequests,
                        1e6 * e.getValue()[1] / currentRequests));
            }
        }
        changes.sort(Comparator.comparingDouble((ComponentChange c) -> Math.abs(c.change())).reversed());
        return changes;
    }

    /** The injected slowdown's CPU per request as NEW's burning threads measured it, over all pairs; 0 without. */
    public double burnedUs() {
        long requests = pairs.stream().mapToLong(p -> p.current().requests()).sum();
        double us = pairs.stream().mapToDouble(p -> p.current().burnedUs() * p.current().requests()).sum();
        return requests == 0 ? 0 : us / requests;
    }

    /** Exit code as scripts/bench-gate.sh's: 0 PASS, 1 REGRESSED, 2 INCONCLUSIVE. */
    public int exitCode() {
        return switch (verdict.outcome()) {
            case PASS -> 0;
            case REGRESSED -> 1;
            case INCONCLUSIVE -> 2;
        };
    }
}
