package io.jwtbench.bench.runtime.engine.load;

import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.engine.transport.ConnectionPool;
import io.jwtbench.bench.runtime.engine.transport.RunTransport;
import io.jwtbench.bench.runtime.plan.Schedule;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Tally;
import io.vertx.core.Context;

/**
 * Open model, like wrk2: requests leave on a {@link Schedule} (constant rate, ramp, ...) whether or not earlier ones
 * were answered, through a pool of {@code connections} connections spread over the event loops (a
 * request that finds no idle connection of its loop waits in that {@link ConnectionPool}'s queue;
 * that wait is counted). With n loops carrying connections, loop {@code i} sends the requests
 * {@code i, i+n, i+2n, ...} of the one global schedule.
 *
 * <p>
 * Vert.x timers have millisecond granularity, so each wake-up sends every request that has become
 * due; the resulting sub-millisecond lag is part of the corrected latency. A request counts as a
 * <b>late start</b> when it leaves more than {@link #LATE_START_NANOS} (2 ms) after its intended time:
 * beyond timer granularity, that means the generator's event loop was busy, i.e. the generator was
 * the limit.
 */
final class OpenLoopDriver implements LoadDriver {
    static final long LATE_START_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    /** Catching up after a stall sends at most this many at once, then lets the loop breathe. */
    private static final int MAX_BURST = 1024;

    private final RunTransport transport;
    private final RequestSource source;
    private final Schedule schedule;
    private volatile boolean running;
    private volatile ConnectionPool[] pools;
    private long startNanos;

    OpenLoopDriver(RunTransport transport, RequestSource source, Schedule schedule) {
        this.transport = transport;
        this.source = source;
        this.schedule = schedule;
    }

    @Override
    public void start(long startNanos) {
        this.startNanos = startNanos;
        running = true;
        ConnectionPool[] started = transport.startPools(source, ConnectionPool.OnIdle.TAKE_QUEUED);
        pools = started;
        for (int i = 0; i < started.length; i++) {
            Lane lane = new Lane(started[i], i, started.length);
            started[i].context().runOnContext(v -> lane.tick());
        }
    }

    @Override
    public void stop() {
        running = false;
        RunTransport.stopAll(pools);
    }

    /** One event loop's share of the schedule; touched only by that loop. */
    private final class Lane {
        private final ConnectionPool pool;
        private final Context loop;
        private final int lanes;
        private long next;

        Lane(ConnectionPool pool, int first, int lanes) {
            this.pool = pool;
            this.loop = pool.context();
            this.lanes = lanes;
            this.next = first;
        }

        void tick() {
            int sent = 0;
            while (running && sent < MAX_BURST) {
                long intended = startNanos + schedule.sendTimeNanos(next);
                long now = System.nanoTime();
                if (intended > now) {
                    break;
                }
                long lag = now - intended;
                Tally tally = transport.measurement().tally();
                if (tally != null) {
                    tally.scheduled(lag, lag > LATE_START_NANOS);
                }
                pool.submit(next, intended);
                next += lanes;
                sent++;
            }
            if (!running) {
                return;
            }
            if (sent == MAX_BURST) {
                loop.runOnContext(v -> tick());
            } else {
                long waitNanos = startNanos + schedule.sendTimeNanos(next) - System.nanoTime();
                loop.owner().setTimer(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)), id -> tick());
            }
        }
    }
}
