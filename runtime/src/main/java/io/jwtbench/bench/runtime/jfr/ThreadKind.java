package io.jwtbench.bench.runtime.jfr;

import jdk.jfr.consumer.RecordedThread;

import io.jwtbench.bench.runtime.engine.transport.Generator;

/** Who ran the sampled code, by the thread's name: what the profile's rows break their samples down by. */
enum ThreadKind {
    EVENT_LOOP("event loop"), WORKER("worker"), VIRTUAL("virtual thread"), CARRIER("virtual-thread carrier"),
    GENERATOR("generator"), OTHER("other thread");

    final String label;

    ThreadKind(String label) {
        this.label = label;
    }

    static ThreadKind of(RecordedThread t) {
        if (t == null) {
            return OTHER;
        }
        String name = t.getJavaName() == null ? "" : t.getJavaName();
        if (name.startsWith(Generator.GENERATOR_THREAD_PREFIX)) {
            return GENERATOR;
        }
        if (t.isVirtual()) {
            return VIRTUAL;
        }
        if (name.startsWith("vert.x-eventloop")) {
            return EVENT_LOOP;
        }
        if (name.startsWith("executor-thread") || name.startsWith("vert.x-worker")
                || name.startsWith("vert.x-internal-blocking")) {
            return WORKER;
        }
        if (name.startsWith("ForkJoinPool-") || name.startsWith("ForkJoinPool.commonPool")) {
            return CARRIER;
        }
        return OTHER;
    }
}
