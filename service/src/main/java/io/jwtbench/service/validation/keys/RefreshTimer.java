package io.jwtbench.service.validation.keys;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The time of a {@link RefreshScheduler}: what time it is, and running a task later. In production a
 * {@link ScheduledExecutorService} and a {@link Clock}; in tests a manual timer the test advances, so
 * scheduling is checked without sleeping.
 */
interface RefreshTimer {

    /** A scheduled task; cancelling a task that already ran does nothing. */
    interface Task {
        void cancel();
    }

    Instant now();

    default long nowMillis() {
        return now().toEpochMilli();
    }

    /**
     * Runs {@code task} once {@code delayMillis} have passed.
     *
     * @throws RejectedExecutionException once the timer is shut down
     */
    Task schedule(Runnable task, long delayMillis);

    /** A timer over a scheduler (wall time for delays) and a clock (for now). */
    static RefreshTimer of(ScheduledExecutorService scheduler, Clock clock) {
        return new RefreshTimer() {
            @Override
            public Instant now() {
                return clock.instant();
            }

            @Override
            public long nowMillis() {
                return clock.millis();
            }

            @Override
            public Task schedule(Runnable task, long delayMillis) {
                ScheduledFuture<?> f = scheduler.schedule(task, delayMillis, TimeUnit.MILLISECONDS);
                return () -> f.cancel(false);
            }
        };
    }
}
