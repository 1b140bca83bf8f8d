package io.jwtbench.bench.runtime.observe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU each live platform thread used over a window, exactly ({@code ThreadMXBean}, by thread id),
 * read at its start and its end. Threads started since count whole; threads that ended meanwhile are
 * not in {@link #sinceStart()}. Virtual threads have no CPU clock of their own (their carriers do).
 */
public final class JavaThreadCpu {
    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory
            .getThreadMXBean();

    /** A thread's name and CPU nanoseconds over the window. */
    public record Used(String name, long nanos) {
    }

    private final Map<Long, Long> start;

    private JavaThreadCpu(Map<Long, Long> start) {
        this.start = start;
    }

    public static JavaThreadCpu start() {
        Map<Long, Long> now = new HashMap<>();
        if (THREADS.isThreadCpuTimeSupported()) {
            long[] ids = THREADS.getAllThreadIds();
            long[] cpu = THREADS.getThreadCpuTime(ids);
            for (int i = 0; i < ids.length; i++) {
                if (cpu[i] >= 0) {
                    now.put(ids[i], cpu[i]);
                }
            }
        }
        return new JavaThreadCpu(now);
    }

    /** Thread id → what it used since {@link #start()}; empty when the JVM has no thread CPU clock. */
    public Map<Long, Used> sinceStart() {
        Map<Long, Used> out = new HashMap<>();
        if (!THREADS.isThreadCpuTimeSupported()) {
            return out;
        }
        long[] ids = THREADS.getAllThreadIds();
        long[] cpu = THREADS.getThreadCpuTime(ids);
        ThreadInfo[] infos = THREADS.getThreadInfo(ids, 0);
        for (int i = 0; i < ids.length; i++) {
            if (cpu[i] >= 0 && infos[i] != null) {
                out.put(ids[i], new Used(infos[i].getThreadName(), Math.max(0, cpu[i] - start.getOrDefault(ids[i], 0L))));
            }
        }
        return out;
    }
}
