package io.jwtbench.bench.runtime.observe;

import java.util.Map;

import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * Reads a run report's {@code jvm} section, the one source of CPU, thread and pinning figures for
 * compare rows, sweep rows and HTML reports. Every getter is NaN (or null) when the figure is absent:
 * a run without that section, or without JFR ({@code "breakdown": false}) for the JFR-only figures.
 */
public record JvmFacts(Map<?, ?> section) {
    public static final String SECTION = "jvm";

    public static JvmFacts of(RunReport report) {
        return new JvmFacts(report.extensions().get(SECTION) instanceof Map<?, ?> m && !m.containsKey("error") ? m
                : Map.of());
    }

    public boolean present() {
        return !section.isEmpty();
    }

    /** Process CPU over the measured phase, all threads (the generator's included), in CPU seconds. */
    public double cpuSeconds() {
        return number("processCpu", "cpuSeconds");
    }

    /** Mean busy cores of the process (1.0 = one core). */
    public double meanCores() {
        return number("processCpu", "meanCores");
    }

    /** Busiest {@link ProcessSampler#INTERVAL_MS} ms interval, in cores. */
    public double peakCores() {
        return number("processCpu", "peakCores");
    }

    /** Mean process CPU as a share of all cores (0..1). */
    public double cpuShareMean() {
        return number("processCpu", "mean");
    }

    public double cpuSharePeak() {
        return number("processCpu", "peak");
    }

    /** The whole machine's mean CPU (0..1): tells a busy host apart from a busy process. */
    public double hostCpuShareMean() {
        return number("hostCpu", "mean");
    }

    public double threadsAtStart() {
        return number("threads", "atStart");
    }

    public double threadsPeak() {
        return number("threads", "peak");
    }

    /** Pinned virtual threads (JFR; NaN without it). */
    public double pinnedVirtualThreads() {
        return number("pinnedVirtualThreads", "count");
    }

    /** {@code section.<object>.<key>} as it is in the report (JSON numbers keep their type), or null. */
    public Object value(String object, String key) {
        return section.get(object) instanceof Map<?, ?> m ? m.get(key) : null;
    }

    private double number(String object, String key) {
        return value(object, key) instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
