package io.jwtbench.bench.runtime.engine;

import java.util.concurrent.CompletableFuture;

/** What {@link Bench} starts (a run, a series of runs, a sweep): it has an id, ends, and can be cancelled. */
public interface Started {
    String id();

    /** Completes once it ended (DONE, CANCELLED or FAILED). */
    CompletableFuture<?> finished();

    /** Asks it to stop; it then ends with what it measured. */
    void cancel();
}
