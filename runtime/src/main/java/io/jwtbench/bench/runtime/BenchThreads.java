package io.jwtbench.bench.runtime;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The threads the bench's own lifecycle runs on: runs, series, the smoke loop and fleet coordinators.
 *
 * <p>They are platform threads, never virtual ones. The bench measures the application it lives in,
 * and that application may pin or starve its virtual-thread scheduler (a blocking class initializer,
 * a class-loader lock taken while pinned, a native call): a run whose own thread waits for a carrier
 * there cannot end when its spec says it will, and a compare that measures pinning would be stuck
 * behind the very pinning it measures. A handful of daemon threads, each alive only while its run or
 * series is, cost nothing next to that.
 */
public final class BenchThreads {
    private BenchThreads() {
    }

    /** Starts {@code task} on a new daemon platform thread named {@code name}. */
    public static Thread start(String name, Runnable task) {
        return Thread.ofPlatform().daemon().name(name).start(task);
    }

    /** A thread per task, each a daemon platform thread named {@code prefix} plus a counter. */
    public static ExecutorService perTask(String prefix) {
        return Executors.newThreadPerTaskExecutor(Thread.ofPlatform().daemon().name(prefix, 0).factory());
    }
}
