package io.jwtbench.bench.runtime.resources;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.spi.RunExtension;

/**
 * Report section {@code resources}: the process's CPU and thread count during the measured phase,
 * sampled every 250 ms on a virtual thread. CPU comes from the process CPU time (all threads,
 * including the in-process load generator), expressed in cores (1.0 = one core busy for the whole
 * interval) and in percent of the cores available to the JVM; {@code systemCpuPercent*} is the whole
 * machine's CPU use ({@code OperatingSystemMXBean.getCpuLoad}), which tells a busy host apart from a
 * busy process. Threads are platform threads
 * ({@code ThreadMXBean.getThreadCount}); virtual threads are not counted.
 */
@Singleton
public class ResourceSampler implements RunExtension {
    public static final String SECTION = "resources";
    static final long INTERVAL_MS = 250;

    @Override
    public String section() {
        return SECTION;
    }

    @Override
    public Observation begin(String runId, String target) {
        Sampling s = new Sampling();
        s.thread = Thread.ofVirtual().name("bench-resources-" + runId).start(s::loop);
        return s;
    }

    static final class Sampling implements Observation {
        private final com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory
                .getOperatingSystemMXBean();
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private final int cores = Runtime.getRuntime().availableProcessors();
        private final CountDownLatch stop = new CountDownLatch(1);
        private final long startNanos = System.nanoTime();
        private final long startCpu = os.getProcessCpuTime();
        private Thread thread;
        // written by the sampling thread, read after join
        private double cpuPeakCores;
        private double systemCpuPeak = Double.NaN;
        private double systemCpuSum;
        private int systemSamples;
        private int threadsPeak = threads.getThreadCount();
        private long threadSum;
        private int samples;

        void loop() {
            long lastNanos = startNanos;
            long lastCpu = startCpu;
            try {
                while (!stop.await(INTERVAL_MS, TimeUnit.MILLISECONDS)) {
                    long now = System.nanoTime();
                    long cpu = os.getProcessCpuTime();
                    if (now > lastNanos && cpu >= 0) {
                        cpuPeakCores = Math.max(cpuPeakCores, (cpu - lastCpu) / (double) (now - lastNanos));
                    }
                    double system = os.getCpuLoad();
                    if (system >= 0) {
                        systemCpuPeak = Double.isNaN(systemCpuPeak) ? system : Math.max(systemCpuPeak, system);
                        systemCpuSum += system;
                        systemSamples++;
                    }
                    int count = threads.getThreadCount();
                    threadsPeak = Math.max(threadsPeak, count);
                    threadSum += count;
                    samples++;
                    lastNanos = now;
                    lastCpu = cpu;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Object end() {
            long cpu = os.getProcessCpuTime();
            long elapsed = System.nanoTime() - startNanos;
            stop.countDown();
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            double mean = elapsed > 0 && cpu >= 0 ? (cpu - startCpu) / (double) elapsed : Double.NaN;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cores", cores);
            m.put("cpuCoresMean", round(mean));
            m.put("cpuCoresPeak", round(Math.max(cpuPeakCores, mean)));
            m.put("cpuPercentMean", round(100 * mean / cores));
            m.put("cpuPercentPeak", round(100 * Math.max(cpuPeakCores, mean) / cores));
            m.put("systemCpuPercentMean", systemSamples == 0 ? null : round(100 * systemCpuSum / systemSamples));
            m.put("systemCpuPercentPeak", Double.isNaN(systemCpuPeak) ? null : round(100 * systemCpuPeak));
            m.put("threadsPeak", threadsPeak);
            m.put("threadsMean", samples == 0 ? threadsPeak : round(threadSum / (double) samples));
            m.put("sampleIntervalMs", INTERVAL_MS);
            m.put("samples", samples);
            return m;
        }
    }

    private static Object round(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : Math.round(v * 1000) / 1000.0;
    }
}
