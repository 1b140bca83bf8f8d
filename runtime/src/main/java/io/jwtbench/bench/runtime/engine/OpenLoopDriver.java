package io.jwtbench.bench.runtime.engine;

import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Tally;
import io.vertx.core.Context;

/**
 * Open model, like wrk2: requests leave on the {@link Pacer}'s schedule whether or not earlier ones
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

    private final RequestSender sender;
    private final RequestSource source;
    private final Pacer pacer;
    private final Measurement measurement;
    private volatile boolean running;
    private volatile ConnectionPool[] pools;
    private long startNanos;

    /** @param eventLoops as the sender's client uses them, kept for the call site */
    OpenLoopDriver(RequestSender sender, RequestSource source, Context[] eventLoops, int rate,
            Measurement measurement) {
        this.sender = sender;
        this.source = source;
        this.pacer = new Pacer(rate);
        this.measurement = measurement;
    }

    @Override
    public void start(long startNanos) {
        this.startNanos = startNanos;
        running = true;
        ConnectionPool[] started = sender.startPools(source, true);
        pools = started;
        for (int i = 0; i < started.length; i++) {
            Lane lane = new Lane(started[i], i, started.length);
            started[i].context.runOnContext(v -> lane.tick());
        }
    }

    @Override
    public void stop() {
        running = false;
        RequestSender.stopAll(pools);
    }

    /** One event loop's share of the schedule; touched only by that loop. */
    private final class Lane {
        private final ConnectionPool pool;
        private final Context loop;
        private final int lanes;
        private long next;

        Lane(ConnectionPool pool, int first, int lanes) {
            this.pool = pool;
            this.loop = pool.context;
            this.lanes = lanes;
            this.next = first;
        }

        void tick() {
            int sent = 0;
            while (running && sent < MAX_BURST) {
                long intended = startNanos + pacer.sendTimeNanos(next);
                long now = System.nanoTime();
                if (intended > now) {
                    break;
                }
                long lag = now - intended;
                Tally tally = measurement.tally();
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
                long waitNanos = startNanos + pacer.sendTimeNanos(next) - System.nanoTime();
                loop.owner().setTimer(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)), id -> tick());
            }
        }
    }
}
