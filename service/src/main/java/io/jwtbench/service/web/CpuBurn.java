package io.jwtbench.service.web;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A known amount of real CPU work: spins until the calling thread's own CPU clock
 * ({@code CLOCK_THREAD_CPUTIME_ID} on Linux, user and kernel time) has advanced by the amount asked,
 * so the cost is the same whatever the thread's scheduling: time the thread spends preempted by a
 * neighbour is not counted, unlike a wall-clock spin. The slowdown injector's work
 * ({@link SlowdownInjector}); the CPU profile names it {@code injected slowdown}.
 *
 * <p>A reading of the clock is a system call (about 0.6 µs of CPU here), and JFR's CPU-time sampler
 * often fails to walk a stack caught inside one, which would hand the burn's CPU to other components.
 * So the clock is read a few times per burn only: each chunk of spins is sized from how fast the last
 * one went, to cover most of what is left, and the last chunks are short.
 */
public final class CpuBurn {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** The spins of the first and the shortest chunks: about 0.1 µs. */
    private static final long SHORT = 64;
    /** The share of what is left that a chunk aims at: the rest absorbs a misjudged speed. */
    private static final double SHARE = 0.8;
    /** Keeps the spin from being optimised away. */
    private static volatile long sink;

    private CpuBurn() {
    }

    /**
     * Burns at least {@code nanos} of this thread's CPU time.
     *
     * @return the CPU time burned, as the thread's clock measured it (the overshoot of the last reading included)
     */
    public static long burn(long nanos) {
        long start = THREADS.getCurrentThreadCpuTime();
        long now = start;
        long x = start | 1;
        long spins = SHORT;
        while (now - start < nanos) {
            long before = now;
            x = spin(x, spins);
            now = THREADS.getCurrentThreadCpuTime();
            long took = now - before; // the reading's own cost included: the first estimate is low, the next ones close
            long left = nanos - (now - start);
            spins = took <= 0 ? spins : Math.max(SHORT, (long) (SHARE * left * spins / took));
        }
        sink = x;
        return now - start;
    }

    /** xorshift: cheap, and not foldable. */
    private static long spin(long x, long times) {
        for (long i = 0; i < times; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** Whether this JVM measures threads' CPU time: without it there is no known amount to burn. */
    public static boolean supported() {
        return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }
}
