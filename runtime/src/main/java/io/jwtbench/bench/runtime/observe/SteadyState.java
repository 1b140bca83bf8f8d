package io.jwtbench.bench.runtime.observe;

import static io.jwtbench.bench.runtime.JsonMaps.round;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jwtbench.bench.runtime.stats.Steadiness;

/**
 * Is the JVM still warming up? Judges a window of a run by what the JVM did in it (JIT compile time,
 * classes loaded, deoptimizations, heap left after GC) and by how much its per-second throughput
 * varied, against {@link SteadyRules}. The reasons are sentences for people
 * ("412 JIT compilations (1.8 s of compile time) during measurement"). Pure functions: the readings
 * come from {@link JvmActivity} and the run's time series.
 */
public final class SteadyState {
    private SteadyState() {
    }

    /**
     * The {@code steady} section of a measured phase.
     *
     * @param start, end readings at the start and end of measurement
     * @param heapAfterGcAtStart {@code start.heapAfterGcBytes()}, kept apart since {@code activity} is a difference
     * @param rps the throughput of each full measured second
     * @param compilations, deoptimizations JFR's counts over the window, null without JFR
     */
    public static Steadiness judge(JvmActivity start, JvmActivity end, double[] rps, Long compilations,
            Long deoptimizations, SteadyRules rules) {
        JvmActivity d = end.since(start);
        List<String> reasons = reasons(d, rps, compilations, deoptimizations, rules, "during measurement");
        long grew = end.heapAfterGcBytes() - start.heapAfterGcBytes();
        if (d.gcCount() >= 2 && start.heapAfterGcBytes() > 0 && grew > SteadyRules.HEAP_GROWTH_FLOOR_BYTES
                && grew > rules.heapGrowth() * start.heapAfterGcBytes()) {
            reasons.add(String.format(Locale.ROOT, "heap after GC grew from %d MB to %d MB (+%.0f %%) over %d collections",
                    start.heapAfterGcBytes() >> 20, end.heapAfterGcBytes() >> 20,
                    100.0 * grew / start.heapAfterGcBytes(), d.gcCount()));
        }
        boolean judgedCv = rps.length >= SteadyRules.MIN_SECONDS_FOR_CV;
        return new Steadiness(reasons.isEmpty(), List.copyOf(reasons),
                new Steadiness.Jit(d.compileMillis() < 0 ? null : d.compileMillis(), compilations, deoptimizations,
                        compilations == null ? "mxbean" : "mxbean+jfr"),
                d.classesLoaded(),
                new Steadiness.Gc(d.gcCount(), start.heapAfterGcBytes() >> 20, end.heapAfterGcBytes() >> 20),
                judgedCv ? (Double) round(cv(rps), 4) : null,
                judgedCv ? null : "fewer than " + SteadyRules.MIN_SECONDS_FOR_CV + " full seconds measured: throughput stability not judged",
                new Steadiness.Limits(rules.compileMsPerSecond(), rules.classesPerSecond(), rules.deoptimizationsPerSecond(),
                        rules.throughputCv(), rules.heapGrowth()));
    }

    /**
     * Why a window is not quiet yet (empty when it is): the rules of {@link #judge} but for the heap,
     * which needs collections a few seconds rarely have. Ends an automatic warm-up.
     */
    public static List<String> unquiet(JvmActivity activity, double[] rps, SteadyRules rules) {
        return reasons(activity, rps, null, null, rules, "in the last " + rps.length + " s");
    }

    private static List<String> reasons(JvmActivity d, double[] rps, Long compilations, Long deoptimizations,
            SteadyRules rules, String when) {
        List<String> reasons = new ArrayList<>();
        double seconds = Math.max(d.seconds(), 1e-3);
        if (d.compileMillis() > rules.compileMsPerSecond() * seconds) {
            reasons.add(String.format(Locale.ROOT, "%s%s ms of JIT compile time %s (%.0f ms/s, limit %s)",
                    compilations == null ? "" : compilations + " JIT compilations, ", d.compileMillis(), when,
                    d.compileMillis() / seconds, trim(rules.compileMsPerSecond())));
        }
        if (d.classesLoaded() > rules.classesPerSecond() * seconds) {
            reasons.add(String.format(Locale.ROOT, "%d classes loaded %s (limit %s/s)", d.classesLoaded(), when,
                    trim(rules.classesPerSecond())));
        }
        if (deoptimizations != null && deoptimizations > rules.deoptimizationsPerSecond() * seconds) {
            reasons.add(String.format(Locale.ROOT, "%d deoptimizations %s (limit %s/s)", deoptimizations, when,
                    trim(rules.deoptimizationsPerSecond())));
        }
        if (rps.length >= SteadyRules.MIN_SECONDS_FOR_CV && cv(rps) > rules.throughputCv()) {
            reasons.add(String.format(Locale.ROOT,
                    "per-second throughput varied by %.1f %% (coefficient of variation; limit %.0f %%)",
                    100 * cv(rps), 100 * rules.throughputCv()));
        }
        return reasons;
    }

    /** Standard deviation over mean; 0 for fewer than two values or a zero mean. */
    public static double cv(double[] values) {
        if (values.length < 2) {
            return 0;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / values.length;
        if (mean <= 0) {
            return 0;
        }
        double sq = 0;
        for (double v : values) {
            sq += (v - mean) * (v - mean);
        }
        return Math.sqrt(sq / (values.length - 1)) / mean;
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
