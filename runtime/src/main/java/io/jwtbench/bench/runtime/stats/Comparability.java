package io.jwtbench.bench.runtime.stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.jwtbench.bench.runtime.plan.Percentile;
import io.jwtbench.bench.runtime.plan.Transport;

/**
 * What makes two runs hard to hold against each other ({@link Regression}): what refuses a verdict (another
 * target, transport or load model, a run that did not end DONE or answered nothing), and what only weakens it (another
 * JVM or core count, a spec or target option that differs, a JVM that was not steady), in words.
 */
public final class Comparability {
    /**
     * A key a target may put in its options ({@code RequestSource.describe()}): the list of the other keys that
     * identify its requests exactly (a fingerprint of its tokens) rather than say what they are. A regression does
     * not count a difference in those: equivalent requests made at another time differ there and nowhere that
     * matters. Either run's list counts, so a baseline saved before a key was listed is judged the same way.
     */
    public static final String NOT_COMPARED = "notCompared";

    /** Spec keys that do not change what is measured: derived, or what the run is judged against. */
    private static final Set<String> NOT_MEASUREMENT = Set.of("endsWithin", "thresholds");

    private Comparability() {
    }

    static List<String> refusals(RunReport current, RunReport baseline) {
        List<String> out = new ArrayList<>();
        for (RunReport r : List.of(baseline, current)) {
            String which = r == baseline ? "the baseline" : "this run";
            if (r.status() != RunStatus.DONE) {
                out.add(which + " ended " + r.status());
            } else if (r.measured() == null || r.latency() == null || r.measured().requests() == 0) {
                out.add(which + " answered no request");
            }
        }
        if (!Objects.equals(current.target(), baseline.target())) {
            out.add("different targets: the baseline loaded " + baseline.target() + ", this run " + current.target());
        }
        String transportA = Transport.fromEcho(baseline.spec()).label();
        String transportB = Transport.fromEcho(current.spec()).label();
        if (!transportA.equals(transportB)) {
            out.add("different transports: the baseline's was " + transportA + ", this run's " + transportB);
        }
        if (current.loadModel().kind() != baseline.loadModel().kind()) {
            out.add("different load models: the baseline's was " + baseline.loadModel().label() + ", this run's "
                    + current.loadModel().label());
        }
        return out;
    }

    static List<String> warnings(RunReport current, RunReport baseline) {
        List<String> out = new ArrayList<>();
        String runtimeA = runtime(baseline);
        String runtimeB = runtime(current);
        if (runtimeA != null && runtimeB != null && !runtimeA.equals(runtimeB)) {
            out.add("different JVMs: " + runtimeA + " → " + runtimeB);
        }
        Integer coresA = cores(baseline);
        Integer coresB = cores(current);
        if (coresA != null && coresB != null && !coresA.equals(coresB)) {
            out.add("different core counts: " + coresA + " → " + coresB);
        }
        differences("spec", baseline.spec(), current.spec(), false, NOT_MEASUREMENT, out);
        differences("options", baseline.options(), current.options(), true, notCompared(baseline, current), out);
        for (RunReport r : List.of(baseline, current)) {
            Steadiness s = r.steadiness();
            if (s != null && !s.steady()) {
                out.add((r == baseline ? "the baseline" : "this run") + " was not steady: " + String.join("; ", s.reasons()));
            }
        }
        return out;
    }

    /**
     * The metrics whose direction this pair cannot tell from its machine's, though their intervals leave out zero,
     * each with why. <b>p99 in a run whose per-second throughput varied beyond the steadiness limit</b>: such a run
     * stalled (collections, a descheduled thread), and its per-second p99s are a mix of stalled and clean seconds
     * that an interval over 3 of them does not describe (the same build, 3 s runs beside a CPU hog, a 104 ms
     * collection: p99 +197.5 % [+73.8, +321.2]). Throughput and p50, sums and middles of thousands of requests a
     * second, are still called: the token cache off read throughput -58.7 % [-75.9, -41.5] in such a run.
     * <b>Every metric, when the directed ones disagree</b> (the same build, each second alike: p50 +68.5 %
     * [+62.5, +74.5], p99 -76.1 % [-92.5, -59.7]): one build is not both slower and faster, its machine moved between
     * the runs. Other unsteadiness (JIT, class loading) stays a warning. docs/regression.md has the measurements.
     */
    static Map<String, String> undirected(RunReport current, RunReport baseline, List<Regression.Change> changes) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> varied = new ArrayList<>();
        for (RunReport r : List.of(baseline, current)) {
            Steadiness s = r.steadiness();
            if (s != null && s.throughputCv() != null && s.limits() != null && s.throughputCv() > s.limits().throughputCv()) {
                varied.add(String.format(Locale.ROOT, "%s's per-second throughput varied by %.1f %% (limit %.0f %%)",
                        r == baseline ? "the baseline" : "this run", 100 * s.throughputCv(), 100 * s.limits().throughputCv()));
            }
        }
        if (!varied.isEmpty()) {
            out.put(Percentile.P99.key(), "p99 of " + String.join(" and ", varied));
        }
        List<String> slower = moved(changes, Regression.Outcome.SLOWER, out);
        List<String> faster = moved(changes, Regression.Outcome.FASTER, out);
        if (!slower.isEmpty() && !faster.isEmpty()) {
            String why = "the metrics disagree: " + String.join(", ", slower) + " slower, " + String.join(", ", faster) + " faster";
            changes.forEach(c -> out.putIfAbsent(c.metric(), why));
        }
        return out;
    }

    /** The metrics called {@code way} and not already undirected. */
    private static List<String> moved(List<Regression.Change> changes, Regression.Outcome way, Map<String, String> undirected) {
        return changes.stream().filter(c -> c.verdict() == way && !undirected.containsKey(c.metric()))
                .map(Regression.Change::metric).toList();
    }

    /**
     * @param absentDiffers whether a key only one side has is a difference: the target's options (its description
     *        of what it did) name every value; a spec names only what its caller gave (the options say the rest)
     * @param skipped       keys whose difference does not change what was measured
     */
    private static void differences(String prefix, Map<String, Object> a, Map<String, Object> b, boolean absentDiffers,
            Set<String> skipped, List<String> out) {
        Set<String> keys = new LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String key : keys) {
            boolean both = a.containsKey(key) && b.containsKey(key);
            if (!skipped.contains(key) && (both || absentDiffers)
                    && !Objects.equals(String.valueOf(a.get(key)), String.valueOf(b.get(key)))) {
                out.add("different " + prefix + "." + key + ": " + a.get(key) + " → " + b.get(key));
            }
        }
    }

    /** {@link #NOT_COMPARED} and the keys either run's options list under it. */
    private static Set<String> notCompared(RunReport... runs) {
        Set<String> keys = new LinkedHashSet<>(List.of(NOT_COMPARED));
        for (RunReport r : runs) {
            if (r.options().get(NOT_COMPARED) instanceof Collection<?> listed) {
                listed.forEach(k -> keys.add(String.valueOf(k)));
            }
        }
        return keys;
    }

    private static String runtime(RunReport r) {
        return r.jvm() == null ? null : r.jvm().runtime();
    }

    private static Integer cores(RunReport r) {
        return r.jvm() == null || r.jvm().processCpu() == null ? null : r.jvm().processCpu().cores();
    }
}
