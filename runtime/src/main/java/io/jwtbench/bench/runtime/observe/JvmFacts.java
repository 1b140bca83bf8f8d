package io.jwtbench.bench.runtime.observe;

import io.jwtbench.bench.runtime.stats.Jvm;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * The figures of a run report's {@code jvm} section ({@link Jvm}) that the renderers compare: the one source of CPU, thread and
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
    /** JFR's garbage collections over the window. */
    public record Gc(long count, double pauseTotalMs, double pauseMaxMs) {
    }

    public static JvmFacts of(RunReport report) {
        Jvm s = report.jvm();
        if (s == null) {
            return new JvmFacts(false, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    null, null, null, null);
        }
        Jvm.ProcessCpu cpu = s.processCpu();
        return new JvmFacts(true, nan(cpu == null ? null : cpu.cpuSeconds()), nan(cpu == null ? null : cpu.meanCores()),
                nan(cpu == null ? null : cpu.peakCores()), nan(cpu == null ? null : cpu.mean()), nan(cpu == null ? null : cpu.peak()),
                nan(s.hostCpu() == null ? null : s.hostCpu().mean()), nan(s.allocation() == null ? null : s.allocation().mbPerSecond()),
                s.threads() == null ? null : s.threads().atStart(), s.threads() == null ? null : s.threads().peak(),
                s.pinnedVirtualThreads() == null ? null : s.pinnedVirtualThreads().count(),
                s.gc() == null ? null : new Gc(s.gc().count(), nan(s.gc().pauseTotalMs()), nan(s.gc().pauseMaxMs())));
    }

    private static double nan(Double v) {
        return v == null ? Double.NaN : v;
    }
}
