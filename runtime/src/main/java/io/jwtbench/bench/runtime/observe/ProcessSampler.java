package io.jwtbench.bench.runtime.observe;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.spi.RunExtension;

/**
 * Section {@code process}: how much CPU the whole process used during the measured phase (mean, and
 * the peak of 200 ms windows, in cores: 1.0 = one core busy), and its live platform threads
 * (at the start, peak: {@code ThreadMXBean}, which does not count virtual threads). The generator
 * runs in the same process: its own CPU is in the report's {@code generator.cpuSeconds}.
 *
 * <p>Deliberately small and generic, so it can be dropped once a richer {@code jvm} section covers
 * the same figures.
 */
@Singleton
public class ProcessSampler implements RunExtension {
    static final long WINDOW_MILLIS = 200;

    @Override
    public String section() {
        return "process";
    }

    @Override
    public Observation begin(String runId, String target) {
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)) {
            return () -> Map.of("error", "no com.sun.management.OperatingSystemMXBean in this JVM");
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int threadsAtStart = threads.getThreadCount();
        threads.resetPeakThreadCount();
        CountDownLatch stop = new CountDownLatch(1);
        long startWall = System.nanoTime();
        long startCpu = os.getProcessCpuTime();
        double[] peak = { 0 };
        Thread sampler = Thread.ofPlatform().daemon().name("bench-process-sampler-" + runId).start(() -> {
            long lastWall = startWall;
            long lastCpu = startCpu;
            try {
                while (!stop.await(WINDOW_MILLIS, TimeUnit.MILLISECONDS)) {
                    long wall = System.nanoTime();
                    long cpu = os.getProcessCpuTime();
                    if (wall > lastWall) {
                        synchronized (peak) {
                            peak[0] = Math.max(peak[0], (cpu - lastCpu) / (double) (wall - lastWall));
                        }
                    }
                    lastWall = wall;
                    lastCpu = cpu;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return () -> {
            long wall = System.nanoTime() - startWall;
            long cpu = os.getProcessCpuTime() - startCpu;
            stop.countDown();
            try {
                sampler.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            double mean = wall > 0 ? cpu / (double) wall : 0;
            double peakCores;
            synchronized (peak) {
                peakCores = Math.max(peak[0], mean);
            }
            int cores = Runtime.getRuntime().availableProcessors();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cpuSeconds", round(cpu / 1e9));
            m.put("meanCores", round(mean));
            m.put("peakCores", round(peakCores));
            m.put("availableProcessors", cores);
            m.put("meanCpuPercent", round(100 * mean / cores));
            m.put("threadsAtStart", threadsAtStart);
            m.put("peakThreads", threads.getPeakThreadCount());
            return m;
        };
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
