package io.jwtbench.bench.runtime.observe;

import java.time.Duration;

import io.jwtbench.bench.runtime.BenchConfig;

/**
 * When a window of a run counts as steady ({@code quarkus.bench.steady.*}): the JIT, class loading,
 * deoptimization rates, the per-second throughput's coefficient of variation and the heap left after
 * GC. The same rules judge the measured phase ({@link SteadyState#judge}) and end an automatic
 * warm-up ({@link SteadyState#quiet}).
 *
 * @param heapGrowth relative growth of the heap after GC (also at least {@link #HEAP_GROWTH_FLOOR_BYTES})
 * @param window seconds an automatic warm-up must be quiet in a row
 */
public record SteadyRules(double compileMsPerSecond, double classesPerSecond, double deoptimizationsPerSecond,
        double throughputCv, double heapGrowth, Duration autoMax, int window) {
    /** Below this, heap-after-GC growth is noise (a few TLABs, a cache filling). */
    public static final long HEAP_GROWTH_FLOOR_BYTES = 32L << 20;
    /** The per-second throughput says nothing about stability over fewer full seconds. */
    public static final int MIN_SECONDS_FOR_CV = 3;

    public static SteadyRules of(BenchConfig config) {
        BenchConfig.Steady s = config.steady();
        return new SteadyRules(s.maxCompileMsPerSecond(), s.maxClassesPerSecond(), s.maxDeoptimizationsPerSecond(),
                s.maxThroughputCv(), s.maxHeapAfterGcGrowth(), s.autoWarmupMax(), Math.max(2, s.autoWarmupWindow()));
    }
}
