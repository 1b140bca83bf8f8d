package io.jwtbench.bench.runtime.engine;

/** Decides when requests leave. Both methods return at once; the work happens on the event loops. */
interface LoadDriver {
    /** @param startNanos System.nanoTime of the run's start: the origin of an open-model schedule */
    void start(long startNanos);

    /** No new request leaves after this (answers in flight may still arrive; they are ignored). */
    void stop();
}
