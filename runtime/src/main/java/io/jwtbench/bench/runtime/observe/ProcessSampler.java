package io.jwtbench.bench.runtime.observe;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.JsonMaps;

import io.jwtbench.bench.runtime.spi.RunOutcome;
import io.jwtbench.bench.runtime.stats.Jvm;

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
     * Stops sampling (right after the measured phase) and returns what it measured: the {@code jvm}
     * section but JFR's part.
     */
    public Jvm.Sampled stop(RunOutcome outcome) {
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
        Jvm.ProcessCpu processCpu;
        Jvm.HostCpu hostCpu;
        Jvm.Threads threadFigures;
        synchronized (this) {
            if (cpu >= 0 && startCpu >= 0) {
                double meanCores = elapsed > 0 ? (cpu - startCpu) / (double) elapsed : Double.NaN;
                double peakCores = Math.max(cpuPeakCores, meanCores);
                processCpu = new Jvm.ProcessCpu(round((cpu - startCpu) / 1e9), round(meanCores), round(peakCores),
                        round(meanCores / cores), round(peakCores / cores), cores, INTERVAL_MS, null);
            } else {
                processCpu = new Jvm.ProcessCpu(null, null, null, null, null, cores, null, "no process CPU time in this JVM");
            }
            hostCpu = new Jvm.HostCpu(round(host.mean()), round(host.peak), host.count);
            threadFigures = new Jvm.Threads(threadsAtStart, round(threadCounts.mean()), (long) threadCounts.peak,
                    threadCounts.count);
        }
        Jvm.Allocation allocation = new Jvm.Allocation(allocated,
                round(seconds > 0 ? allocated / seconds / (1024 * 1024) : Double.NaN),
                "ThreadMXBean.getTotalThreadAllocatedBytes (exact; JFR's allocation samples are estimates)");
        Jvm.GeneratorShare generator = outcome == null || outcome.generator() == null ? null
                : new Jvm.GeneratorShare(round(outcome.generator().cpuSeconds()), round(outcome.generator().cpuShareOfProcess()));
        return new Jvm.Sampled(round(seconds), processCpu, hostCpu, threadFigures, allocation, generator);
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

    /** CPU, thread and allocation figures keep 3 decimals; null when not finite. */
    static Double round(double v) {
        return (Double) JsonMaps.round(v, 3);
    }
}
