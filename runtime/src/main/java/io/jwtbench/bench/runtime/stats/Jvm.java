package io.jwtbench.bench.runtime.stats;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A run report's {@code jvm} section: what the JVM did over the measured phase. Its always-on part
 * ({@link Sampled}: process and host CPU, threads, allocation) comes from {@code observe/ProcessSampler};
 * its JFR part ({@link FromJfr}: GC, JIT, pinning, contention) from {@code jfr/JvmAggregator} when the run
 * streamed JFR ({@code jfr} says whether). Its component names are the section's JSON keys; a figure
 * that could not be measured is absent; {@code runtime} names the JVM (vendor and version).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Jvm(String runtime, Double windowSeconds, ProcessCpu processCpu, HostCpu hostCpu, Threads threads, Allocation allocation,
        GeneratorShare generator, boolean jfr, Gc gc, Blocking pinnedVirtualThreads, Jit jit, Contention contention) {

    /** The section's name in a run report. */
    public static final String SECTION = "jvm";

    /** This JVM: vendor and version, so that a report held against another (a baseline) can tell. */
    public static final String RUNTIME = System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version");

    /** The sampler's part of the section and, when the run streamed JFR, JFR's. */
    public static Jvm of(Sampled s, FromJfr j) {
        return new Jvm(RUNTIME, s.windowSeconds(), s.processCpu(), s.hostCpu(), s.threads(), s.allocation(), s.generator(), j != null,
                j == null ? null : j.gc(), j == null ? null : j.pinnedVirtualThreads(), j == null ? null : j.jit(),
                j == null ? null : j.contention());
    }

    /** What the process sampler measured (no JFR). */
    public record Sampled(Double windowSeconds, ProcessCpu processCpu, HostCpu hostCpu, Threads threads,
            Allocation allocation, GeneratorShare generator) {
    }

    /** What JFR's events over the window add. */
    public record FromJfr(Gc gc, Blocking pinnedVirtualThreads, Jit jit, Contention contention) {
    }

    /**
     * The process's CPU, every thread (the in-process generator included).
     *
     * @param meanCores busy cores on average (1.0 = one core); {@code mean} the same as a share of all cores
     * @param peakCores the busiest sampling interval; {@code peak} the same as a share of all cores
     * @param error     why there is no figure (no process CPU time in this JVM)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProcessCpu(Double cpuSeconds, Double meanCores, Double peakCores, Double mean, Double peak, int cores,
            Long sampleIntervalMs, String error) {
    }

    /** The whole machine's CPU as a share of all cores: tells a busy host apart from a busy process. */
    public record HostCpu(Double mean, Double peak, long samples) {
    }

    /** Live platform threads (virtual threads not counted). */
    public record Threads(long atStart, Double mean, long peak, long samples) {
    }

    /** Heap allocated by all threads over the window. */
    public record Allocation(long bytes, Double mbPerSecond, String source) {
    }

    /** The in-process generator's CPU, and its share of the process's. */
    public record GeneratorShare(Double cpuSeconds, Double cpuShareOfProcess) {
    }

    /** JFR's garbage collections over the window, by collector name. */
    public record Gc(long count, Double pauseTotalMs, Double pauseMaxMs, Map<String, Long> collectors) {
    }

    /** JFR's JIT compilations and deoptimizations over the window. */
    public record Jit(long compilations, Double compileMs, long deoptimizations) {
    }

    /**
     * Events with a duration and a stack (pinning, monitor waits, parks): count, total, max, the most frequent stacks.
     *
     * @param idleWorkerParksExcluded parks of pool threads waiting for work, not counted (they are not contention)
     * @param benchInstrumentExcluded pins inside the bench's own request event's commit, not counted: JFR pins a
     *                                virtual thread while it adds one of the event's strings to its string pool
     *                                (JDK-8338417), and a contended pool blocks the carrier; the application did not
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Blocking(long count, Double totalMs, Double maxMs, List<StackCount> topStacks,
            Long idleWorkerParksExcluded, Long benchInstrumentExcluded) {
    }

    /** One stack (innermost frames first) and how often and long it blocked. */
    public record StackCount(long count, Double totalMs, String stack) {
    }

    /**
     * Monitor waits and thread parks over {@code thresholdMs} (JFR's threshold); idle pool threads'
     * parks are counted apart.
     */
    public record Contention(Double thresholdMs, Blocking monitorEnter, Blocking threadPark) {
    }
}
