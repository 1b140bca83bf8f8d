package io.jwtbench.bench.runtime.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A run's "stop sending" request: set once by anyone, awaited by the run's own thread between its steps. */
final class CancelSignal {
    private final CountDownLatch set = new CountDownLatch(1);

    void set() {
        set.countDown();
    }

    boolean isSet() {
        return set.getCount() == 0;
    }

    /** Waits until {@code untilNanos} (System.nanoTime) or the signal, whichever comes first; true if it is set. */
    boolean awaitUntil(long untilNanos) throws InterruptedException {
        long wait = untilNanos - System.nanoTime();
        return wait <= 0 ? isSet() : set.await(wait, TimeUnit.NANOSECONDS);
    }
}
