package io.jwtbench.bench.runtime.jfr;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;

import io.jwtbench.bench.runtime.spi.RunOutcome;

/**
 * JVM facts over the measured window, from JDK JFR events: GC pauses, pinned virtual threads,
 * contended monitor enters and parks above a threshold (with their most frequent stacks), process
 * CPU and live threads; plus the allocation rate (from the JVM's exact per-thread counters). Fed by
 * the recording stream's thread.
 */
final class JvmAggregator {
    static final String GC = "jdk.GarbageCollection";
    static final String PINNED = "jdk.VirtualThreadPinned";
    static final String MONITOR = "jdk.JavaMonitorEnter";
    static final String PARK = "jdk.ThreadPark";
    static final String CPU = "jdk.CPULoad";
    static final String THREADS = "jdk.JavaThreadStatistics";
    private static final int FRAMES = 4;

    private final Duration threshold;
    private final int topStacks;
    private long gcCount;
    private long gcPauseNanos;
    private long gcMaxPauseNanos;
    private final Map<String, Long> collectors = new LinkedHashMap<>();
    private final Blocking pinned = new Blocking();
    private final Blocking monitors = new Blocking();
    private final Blocking parks = new Blocking();
    private final Series processCpu = new Series();
    private final Series machineCpu = new Series();
    private final Series threads = new Series();
    /** Heap allocated by all threads so far (terminated ones included), at the window's start. */
    private final long allocatedAtStart = allocatedBytes();
    private long idleParks;

    JvmAggregator(Duration threshold, int topStacks) {
        this.threshold = threshold;
        this.topStacks = topStacks;
    }

    synchronized void on(RecordedEvent e) {
        switch (e.getEventType().getName()) {
            case GC -> {
                gcCount++;
                long pauses = e.getDuration("sumOfPauses").toNanos();
                gcPauseNanos += pauses;
                gcMaxPauseNanos = Math.max(gcMaxPauseNanos, e.getDuration("longestPause").toNanos());
                collectors.merge(e.getString("name"), 1L, Long::sum);
            }
            case PINNED -> pinned.add(e);
            case MONITOR -> monitors.add(e);
            case PARK -> {
                if (idleWait(e)) {
                    idleParks++;
                } else {
                    parks.add(e);
                }
            }
            case CPU -> {
                processCpu.add(e.getFloat("jvmUser") + e.getFloat("jvmSystem"));
                machineCpu.add(e.getFloat("machineTotal"));
            }
            case THREADS -> threads.add(e.getLong("activeCount"));
            default -> {
            }
        }
    }

    synchronized Map<String, Object> result(RunOutcome outcome, double windowSeconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("windowSeconds", Stat.ratio(windowSeconds));
        m.put("gc", map("count", gcCount, "pauseTotalMs", Stat.ms(gcPauseNanos / 1e6), "pauseMaxMs",
                Stat.ms(gcMaxPauseNanos / 1e6), "collectors", collectors));
        m.put("pinnedVirtualThreads", pinned.toJson(topStacks));
        Map<String, Object> blocking = new LinkedHashMap<>();
        blocking.put("thresholdMs", Stat.ms(threshold.toNanos() / 1e6));
        blocking.put("monitorEnter", monitors.toJson(topStacks));
        Map<String, Object> parked = parks.toJson(topStacks);
        parked.put("idleWorkerParksExcluded", idleParks);
        blocking.put("threadPark", parked);
        m.put("contention", blocking);
        int cores = Runtime.getRuntime().availableProcessors();
        m.put("processCpu", map("unit", "share of the machine (1.0 = all " + cores + " cores)", "mean",
                Stat.ratio(processCpu.mean()), "peak", Stat.ratio(processCpu.peak()), "machineMean",
                Stat.ratio(machineCpu.mean()), "samples", processCpu.count));
        m.put("threads", map("mean", Stat.ratio(threads.mean()), "peak", (long) threads.peak(), "samples",
                threads.count));
        long allocated = allocatedBytes() - allocatedAtStart;
        m.put("allocation", map("bytes", allocated, "mbPerSecond",
                Stat.ratio(windowSeconds > 0 ? allocated / windowSeconds / (1024 * 1024) : Double.NaN),
                "source", "ThreadMXBean.getTotalThreadAllocatedBytes (exact; JFR's allocation samples are estimates)"));
        if (outcome != null && outcome.generator() != null) {
            m.put("generator", map("cpuSeconds", Stat.ratio(outcome.generator().cpuSeconds()), "cpuShareOfProcess",
                    Stat.ratio(outcome.generator().cpuShareOfProcess())));
        }
        return m;
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getTotalThreadAllocatedBytes();
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

        double peak() {
            return peak;
        }
    }

    /** Events with a duration and a stack: count, total, max, most frequent stacks. */
    private static final class Blocking {
        long count;
        long totalNanos;
        long maxNanos;
        final Map<String, long[]> stacks = new HashMap<>();

        void add(RecordedEvent e) {
            long nanos = e.getDuration().toNanos();
            count++;
            totalNanos += nanos;
            maxNanos = Math.max(maxNanos, nanos);
            if (stacks.size() < 1000) {
                long[] s = stacks.computeIfAbsent(stack(e), k -> new long[2]);
                s[0]++;
                s[1] += nanos;
            }
        }

        Map<String, Object> toJson(int top) {
            List<Map.Entry<String, long[]>> sorted = new ArrayList<>(stacks.entrySet());
            sorted.sort((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]));
            List<Object> topStacks = new ArrayList<>();
            for (Map.Entry<String, long[]> s : sorted.subList(0, Math.min(top, sorted.size()))) {
                topStacks.add(map("count", s.getValue()[0], "totalMs", Stat.ms(s.getValue()[1] / 1e6), "stack",
                        s.getKey()));
            }
            return map("count", count, "totalMs", Stat.ms(totalNanos / 1e6), "maxMs", Stat.ms(maxNanos / 1e6),
                    "topStacks", topStacks);
        }
    }

    /** Pool threads waiting for work (not contention): their parks are counted apart. */
    private static final String[] IDLE_WAITS = { "java.util.concurrent.ThreadPoolExecutor.getTask",
            "java.util.concurrent.ForkJoinPool.awaitWork", "java.util.concurrent.DelayScheduler.loop",
            "org.jboss.threads.EnhancedQueueExecutor$ThreadBody.run", "java.util.concurrent.SynchronousQueue",
            "java.util.concurrent.LinkedTransferQueue" };

    static boolean idleWait(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null) {
            return false;
        }
        for (RecordedFrame f : trace.getFrames()) {
            String where = f.getMethod().getType().getName() + "." + f.getMethod().getName();
            for (String idle : IDLE_WAITS) {
                if (where.startsWith(idle)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The first frames below the JDK's parking/locking plumbing, innermost first. */
    static String stack(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null) {
            return "(no stack)";
        }
        StringBuilder out = new StringBuilder();
        int shown = 0;
        for (RecordedFrame f : trace.getFrames()) {
            String type = f.getMethod().getType().getName();
            if (shown == 0 && (type.equals("jdk.internal.misc.Unsafe") || type.startsWith("java.util.concurrent.locks.")
                    || type.equals("java.lang.VirtualThread"))) {
                continue;
            }
            if (shown > 0) {
                out.append(" <- ");
            }
            out.append(type).append('.').append(f.getMethod().getName());
            if (f.getLineNumber() > 0) {
                out.append(':').append(f.getLineNumber());
            }
            if (++shown == FRAMES) {
                break;
            }
        }
        return out.length() == 0 ? "(jdk frames only)" : out.toString();
    }

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
