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

import io.jwtbench.bench.probe.PhaseEvent;
import io.jwtbench.bench.runtime.stats.Jvm;

/**
 * The JFR part of the {@code jvm} section, over the measured window: GC pauses, pinned virtual
 * threads, contended monitor enters and parks above a threshold (with their most frequent stacks).
 * CPU, threads and allocation come from {@link io.jwtbench.bench.runtime.observe.ProcessSampler}.
 * Fed by the recording stream's thread.
 */
final class JvmAggregator {
    static final String GC = "jdk.GarbageCollection";
    static final String PINNED = "jdk.VirtualThreadPinned";
    static final String MONITOR = "jdk.JavaMonitorEnter";
    static final String PARK = "jdk.ThreadPark";
    static final String COMPILATION = "jdk.Compilation";
    static final String DEOPTIMIZATION = "jdk.Deoptimization";
    private static final int FRAMES = 4;

    private final Duration threshold;
    private final int topStacks;
    private long gcCount;
    private long gcPauseNanos;
    private long gcMaxPauseNanos;
    private final Map<String, Long> collectors = new LinkedHashMap<>();
    /** Pinning stacks start at the application's frame: the JDK's frames below it say nothing. */
    private final Blocking pinned = new Blocking(true);
    private final Blocking monitors = new Blocking(false);
    private final Blocking parks = new Blocking(false);
    private long idleParks;
    private long instrumentPins;
    private long compilations;
    private long compileNanos;
    private long deoptimizations;

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
            case COMPILATION -> {
                compilations++;
                compileNanos += e.getDuration().toNanos();
            }
            case DEOPTIMIZATION -> deoptimizations++;
            case PINNED -> {
                if (inBenchInstrument(e)) {
                    instrumentPins++;
                } else {
                    pinned.add(e);
                }
            }
            case MONITOR -> monitors.add(e);
            case PARK -> {
                if (idleWait(e)) {
                    idleParks++;
                } else {
                    parks.add(e);
                }
            }
            default -> {
            }
        }
    }

    synchronized Jvm.FromJfr result() {
        Jvm.Blocking parked = parks.result(topStacks);
        return new Jvm.FromJfr(
                new Jvm.Gc(gcCount, Stat.millis(gcPauseNanos / 1e6), Stat.millis(gcMaxPauseNanos / 1e6), new LinkedHashMap<>(collectors)),
                pinned.result(topStacks, instrumentPins), new Jvm.Jit(compilations, Stat.millis(compileNanos / 1e6), deoptimizations),
                new Jvm.Contention(Stat.millis(threshold.toNanos() / 1e6), monitors.result(topStacks),
                        new Jvm.Blocking(parked.count(), parked.totalMs(), parked.maxMs(), parked.topStacks(), idleParks, null)));
    }

    /** Events with a duration and a stack: count, total, max, most frequent stacks. */
    private static final class Blocking {
        final boolean fromApplication;
        long count;
        long totalNanos;
        long maxNanos;
        final Map<String, long[]> stacks = new HashMap<>();

        Blocking(boolean fromApplication) {
            this.fromApplication = fromApplication;
        }

        void add(RecordedEvent e) {
            long nanos = e.getDuration().toNanos();
            count++;
            totalNanos += nanos;
            maxNanos = Math.max(maxNanos, nanos);
            if (stacks.size() < 1000) {
                long[] s = stacks.computeIfAbsent(stack(e, fromApplication), k -> new long[2]);
                s[0]++;
                s[1] += nanos;
            }
        }

        Jvm.Blocking result(int top) {
            return result(top, null);
        }

        Jvm.Blocking result(int top, Long instrumentExcluded) {
            List<Map.Entry<String, long[]>> sorted = new ArrayList<>(stacks.entrySet());
            sorted.sort((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]));
            List<Jvm.StackCount> topStacks = sorted.subList(0, Math.min(top, sorted.size())).stream()
                    .map(s -> new Jvm.StackCount(s.getValue()[0], Stat.millis(s.getValue()[1] / 1e6), s.getKey())).toList();
            return new Jvm.Blocking(count, Stat.millis(totalNanos / 1e6), Stat.millis(maxNanos / 1e6), topStacks, null,
                    instrumentExcluded);
        }
    }

    /**
     * Whether the first frame outside the JDK is one of the bench's own events committing: the pin is JFR's (its
     * string pool pins the virtual thread, JDK-8338417), paid because the bench records, not the application's.
     */
    static boolean inBenchInstrument(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null) {
            return false;
        }
        for (RecordedFrame f : trace.getFrames()) {
            String type = f.getMethod().getType().getName();
            if (!(type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun."))) {
                return type.equals(ServerRequestEvent.class.getName()) || type.equals(PhaseEvent.class.getName());
            }
        }
        return false;
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

    /**
     * The first frames below the JDK's parking/locking plumbing (or, {@code fromApplication}, below
     * every JDK frame), innermost first.
     */
    static String stack(RecordedEvent e, boolean fromApplication) {
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null) {
            return "(no stack)";
        }
        StringBuilder out = new StringBuilder();
        int shown = 0;
        for (RecordedFrame f : trace.getFrames()) {
            String type = f.getMethod().getType().getName();
            if (shown == 0 && fromApplication && (type.startsWith("java.") || type.startsWith("jdk.")
                    || type.startsWith("sun."))) {
                continue;
            }
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
}
