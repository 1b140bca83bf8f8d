package io.jwtbench.bench.runtime.observe;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.JsonMaps;

import io.jwtbench.bench.runtime.spi.RunOutcome;

/**
 * The always-on, cheap part of a run's {@code jvm} section (no JFR): the process's CPU, the whole
 * machine's CPU, live platform threads and heap allocation over the measured phase. One platform
 * daemon thread samples every {@value #INTERVAL_MS} ms; CPU mean and allocation are exact
 * (differences of the process CPU time and of {@code getTotalThreadAllocatedBytes}), the peaks are
 * the busiest interval. Process CPU covers every thread, the in-process generator included (its own
 * share is in {@code generator}). Virtual threads are not counted in {@code threads}.
 */
public final class ProcessSampler {
    public static final long INTERVAL_MS = 250;

    private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    private final com.sun.management.OperatingSystemMXBean sunOs = os instanceof com.sun.management.OperatingSystemMXBean s
            ? s
            : null;
    private final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
            .getThreadMXBean();
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final CountDownLatch stop = new CountDownLatch(1);
    private final int threadsAtStart = threads.getThreadCount();
    private final long allocatedAtStart = threads.getTotalThreadAllocatedBytes();
    private final long startNanos = System.nanoTime();
    private final long startCpu = processCpuNanos();
    private final Thread thread;
    // written by the sampling thread, read after join (guarded by this)
    private double cpuPeakCores;
    private final Series host = new Series();
    private final Series threadCounts = new Series();

    private ProcessSampler(String runId) {
        threadCounts.add(threadsAtStart);
        thread = Thread.ofPlatform().daemon().name("bench-process-sampler-" + runId).start(this::loop);
    }

    /** Starts sampling now (right before the measured phase). */
    public static ProcessSampler start(String runId) {
        return new ProcessSampler(runId);
    }

    private long processCpuNanos() {
        return sunOs == null ? -1 : sunOs.getProcessCpuTime();
    }

    private void loop() {
        long lastNanos = startNanos;
        long lastCpu = startCpu;
        try {
            while (!stop.await(INTERVAL_MS, TimeUnit.MILLISECONDS)) {
                long now = System.nanoTime();
                long cpu = processCpuNanos();
                double machine = sunOs == null ? -1 : sunOs.getCpuLoad();
                int count = threads.getThreadCount();
                synchronized (this) {
                    if (now > lastNanos && cpu >= 0 && lastCpu >= 0) {
                        cpuPeakCores = Math.max(cpuPeakCores, (cpu - lastCpu) / (double) (now - lastNanos));
                    }
                    if (machine >= 0) {
                        host.add(machine);
                    }
                    threadCounts.add(count);
                }
                lastNanos = now;
                lastCpu = cpu;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops sampling (right after the measured phase) and returns {@code windowSeconds, processCpu,
     * hostCpu, threads, allocation, generator}.
     */
    public Map<String, Object> stop(RunOutcome outcome) {
        long elapsed = System.nanoTime() - startNanos;
        long cpu = processCpuNanos();
        long allocated = threads.getTotalThreadAllocatedBytes() - allocatedAtStart;
        stop.countDown();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double seconds = elapsed / 1e9;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("windowSeconds", round(seconds));
        synchronized (this) {
            if (cpu >= 0 && startCpu >= 0) {
                double meanCores = elapsed > 0 ? (cpu - startCpu) / (double) elapsed : Double.NaN;
                double peakCores = Math.max(cpuPeakCores, meanCores);
                m.put("processCpu", map("cpuSeconds", round((cpu - startCpu) / 1e9), "meanCores", round(meanCores),
                        "peakCores", round(peakCores), "mean", round(meanCores / cores), "peak", round(peakCores / cores),
                        "cores", cores, "sampleIntervalMs", INTERVAL_MS));
            } else {
                m.put("processCpu", map("error", "no process CPU time in this JVM", "cores", cores));
            }
            m.put("hostCpu", map("mean", round(host.mean()), "peak", round(host.peak), "samples", host.count));
            m.put("threads", map("atStart", threadsAtStart, "mean", round(threadCounts.mean()), "peak",
                    (long) threadCounts.peak, "samples", threadCounts.count));
        }
        m.put("allocation", map("bytes", allocated, "mbPerSecond",
                round(seconds > 0 ? allocated / seconds / (1024 * 1024) : Double.NaN),
                "source", "ThreadMXBean.getTotalThreadAllocatedBytes (exact; JFR's allocation samples are estimates)"));
        if (outcome != null && outcome.generator() != null) {
            m.put("generator", map("cpuSeconds", round(outcome.generator().cpuSeconds()), "cpuShareOfProcess",
                    round(outcome.generator().cpuShareOfProcess())));
        }
        return m;
    }

    /** Periodic samples: mean and peak. */
    private static final class Series {
        long count;
        double sum;
        double peak = Double.NaN;

        void add(double v) {
            count++;
            sum += v;
            peak = Double.isNaN(peak) ? v : Math.max(peak, v);
        }

        double mean() {
            return count == 0 ? Double.NaN : sum / count;
        }
    }

    /** CPU, thread and allocation figures keep 3 decimals. */
    static Object round(double v) {
        return JsonMaps.round(v, 3);
    }
}
