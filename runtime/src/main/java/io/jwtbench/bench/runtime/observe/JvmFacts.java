package io.jwtbench.bench.runtime.observe;

import java.util.Map;

import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * A run report's {@code jvm} section read once into typed values: the one source of CPU, thread and
 * pinning figures for compare rows, sweep rows, text and HTML reports. Figures are NaN (counts null)
 * when absent: a run without that section, or without JFR ({@code "breakdown": false, "profile": false}) for the
 * JFR-only ones ({@link #gc()}, {@link #pinnedVirtualThreads()}).
 *
 * @param cpuSeconds process CPU over the measured phase, all threads (the generator's included)
 * @param meanCores mean busy cores of the process (1.0 = one core)
 * @param peakCores the busiest {@link ProcessSampler#INTERVAL_MS} ms interval, in cores
 * @param cpuShareMean mean process CPU as a share of all cores (0..1)
 * @param hostCpuShareMean the whole machine's mean CPU (0..1): tells a busy host apart from a busy process
 */
public record JvmFacts(boolean present, double cpuSeconds, double meanCores, double peakCores, double cpuShareMean,
        double cpuSharePeak, double hostCpuShareMean, double allocationMbPerSecond, Long threadsAtStart,
        Long threadsPeak, Long pinnedVirtualThreads, Gc gc) {
    public static final String SECTION = "jvm";

    /** JFR's garbage collections over the window. */
    public record Gc(long count, double pauseTotalMs, double pauseMaxMs) {
    }

    public static JvmFacts of(RunReport report) {
        Map<?, ?> s = report.extensions().get(SECTION) instanceof Map<?, ?> m && !m.containsKey("error") ? m : Map.of();
        Map<?, ?> gc = object(s, "gc");
        return new JvmFacts(!s.isEmpty(), number(s, "processCpu", "cpuSeconds"), number(s, "processCpu", "meanCores"),
                number(s, "processCpu", "peakCores"), number(s, "processCpu", "mean"), number(s, "processCpu", "peak"),
                number(s, "hostCpu", "mean"), number(s, "allocation", "mbPerSecond"), count(s, "threads", "atStart"),
                count(s, "threads", "peak"), count(s, "pinnedVirtualThreads", "count"),
                gc.isEmpty() ? null : new Gc(count(s, "gc", "count") == null ? 0 : count(s, "gc", "count"),
                        number(s, "gc", "pauseTotalMs"), number(s, "gc", "pauseMaxMs")));
    }

    /** The JFR {@code jit} counts of a run's {@code jvm} section (empty without JFR). */
    public static Map<?, ?> jit(Object jvmSection) {
        return jvmSection instanceof Map<?, ?> s ? object(s, "jit") : Map.of();
    }

    private static Map<?, ?> object(Map<?, ?> section, String name) {
        return section.get(name) instanceof Map<?, ?> m ? m : Map.of();
    }

    private static double number(Map<?, ?> section, String object, String key) {
        return object(section, object).get(key) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    private static Long count(Map<?, ?> section, String object, String key) {
        return object(section, object).get(key) instanceof Number n ? n.longValue() : null;
    }
}
