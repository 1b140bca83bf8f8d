package io.jwtbench.bench.deployment;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Polling with a deadline: a test that waits for something fails, naming it, instead of hanging. */
final class Await {
    private Await() {
    }

    static void until(String what, Duration deadline, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                fail("not within " + deadline + ": " + what);
            }
            Thread.sleep(20);
        }
    }
}
