package io.jwtbench.bench.runtime.engine.load;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.jwtbench.bench.runtime.engine.transport.ConnectionPool;
import io.jwtbench.bench.runtime.engine.transport.RunTransport;
import io.jwtbench.bench.runtime.plan.Schedule;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Measurement;

/**
 * Open model, like wrk2: requests leave on a {@link Schedule} (constant rate, ramp, ...) whether or not earlier ones
 * were answered, through a pool of {@code connections} connections spread over the event loops (a
 * request that finds no idle connection of its loop waits in that {@link ConnectionPool}'s queue;
 * that wait is counted). With n loops carrying connections, loop {@code i} sends the requests
 * {@code i, i+n, i+2n, ...} of the one global schedule.
 *
 * <p>
 * <b>Pacing.</b> Event-loop timers (Vert.x, and Netty's NIO select timeout) have millisecond
 * granularity: waking on them added ~0.6 ms of the generator's own lag to every corrected latency,
 * and one timer object per tick. Instead one pacer thread per run waits for each intended time,
 * parking until {@link #SPIN_NANOS} before it (a park overshoots by up to the timer slack) and spinning
 * the rest, then hands the due lane to its event loop with the lane itself as the (pre-allocated)
 * task; the lane sends everything due. A lane already handed over is not handed again. The bench
 * allocates nothing per tick (Netty's unbounded task queue takes a new ~4 KB chunk per 1,023
 * hand-offs).
 *
 * <p>
 * <b>Early hand-off.</b> Waking a sleeping event loop (selector wake-up, then the scheduler) took
 * ~80 µs at the median on this 2-core box, and every one of them was schedule lag: the corrected
 * latency's p50 sat that far above the uncorrected one at 500 req/s. So when a lane's requests are
 * at least {@link #EARLY_MIN_GAP_NANOS} apart, the pacer hands the lane over {@link #EARLY_NANOS}
 * before the intended time and the lane spins on its (otherwise idle) loop until the request is due.
 * That spin costs at most EARLY_NANOS per request, under 1/6 of a core at the gap's bound; closer
 * requests get no early hand-off, which would cost most of a core (150 µs per request at 4,000 req/s
 * on one lane is 60 %), and keep the wake-up in their lag (~0.05 ms at the median at 3,000 req/s).
 *
 * <p>
 * <b>Answer pacing.</b> A lane's loop also sends what is due each time one of its connections becomes free
 * ({@link ConnectionPool#whenFree}). When a lane's requests are less than {@link #ANSWER_PACED_MAX_GAP_NANOS}
 * apart (more than 20,000 req/s per lane), answers arrive about as often as requests fall due, so the loop
 * paces itself: the pacer stops spinning (at 40,000 req/s its spin took a whole core, more CPU per request
 * than the loop's I/O) and only parks, as a backstop that hands a lane over when a request is still unsent
 * {@link #BACKSTOP_NANOS} after it was due (a stalled server, a pause in the answers). A parked wake-up
 * costs about 20 µs of CPU on this VM whatever its length (docs/performance.md, "The open model against
 * wrk2"), so the pacer must not wake per request at such rates.
 *
 * <p>
 * A request counts as a <b>late start</b> when it leaves more than {@link #LATE_START_NANOS} (2 ms)
 * after its intended time: the generator (its event loop or the pacer) was the limit.
 */
final class OpenLoopDriver implements LoadDriver {
    static final long LATE_START_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    /**
     * Park until this long before a deadline, spin the rest: Linux's default timer slack (50 µs) bounds
     * a park's overshoot, and every spun microsecond is pacer CPU (per tick, at any rate).
     */
    static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(60);
    /** How long before its intended time a request's lane is handed over when {@link #earlyNanos} allows. */
    static final long EARLY_NANOS = TimeUnit.MICROSECONDS.toNanos(150);
    /** A lane's requests this far apart (1,000 req/s per lane or less) get the early hand-off. */
    static final long EARLY_MIN_GAP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** A lane's requests closer than this (more than 20,000 req/s per lane) are paced by its answers. */
    static final long ANSWER_PACED_MAX_GAP_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    /** How long an answer-paced request may stay unsent before the pacer hands its lane over. */
    static final long BACKSTOP_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    /** Catching up after a stall sends at most this many at once, then lets the loop breathe. */
    private static final int MAX_BURST = 1024;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final RunTransport transport;
    private final RequestSource source;
    private final Schedule schedule;
    private volatile boolean running;
    private volatile ConnectionPool[] pools;
    private volatile Lane[] lanes;
    private volatile Thread pacer;
    private volatile long pacerCpuAtExit = -1;
    private long startNanos;
    /** Requests due at or after this never leave: the measured window's end, once known. */
    private volatile long horizonNanos = Long.MAX_VALUE;

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
        Lane[] all = new Lane[started.length];
        for (int i = 0; i < started.length; i++) {
            all[i] = new Lane(started[i], i, started.length);
            started[i].whenFree(all[i].sendDueOnAnswer);
        }
        pools = started;
        lanes = all;
        pacer = Thread.ofPlatform().daemon().name("bench-pacer").priority(Thread.MAX_PRIORITY).start(this::pace);
    }

    /** The pacer thread: wakes the lane of each request of the global schedule at its intended time. */
    private void pace() {
        Lane[] all = lanes;
        try {
            paceAll(all);
        } catch (RejectedExecutionException e) {
            // the generator shut down under a stopping run: nothing left to pace
        } finally {
            pacerCpuAtExit = THREADS.getCurrentThreadCpuTime(); // unreadable from outside once the thread ended
        }
    }

    @Override
    public long cpuNanos() {
        Thread t = pacer;
        if (t == null) {
            return 0;
        }
        long live = t.isAlive() ? THREADS.getThreadCpuTime(t.threadId()) : -1;
        return live >= 0 ? live : Math.max(0, pacerCpuAtExit);
    }

    private void paceAll(Lane[] all) {
        for (long sequence = 0; running; sequence++) {
            long intended = startNanos + schedule.sendTimeNanos(sequence);
            if (intended >= horizonNanos) {
                return;
            }
            Lane lane = all[(int) (sequence % all.length)];
            if (lane.sentPast(sequence)) {
                continue; // its loop sent it between answers
            }
            boolean backstop = answerPaced(schedule, sequence, all.length);
            long handOver = backstop ? intended + BACKSTOP_NANOS : intended - earlyNanos(schedule, sequence, all.length);
            long wait;
            while (running && (wait = handOver - System.nanoTime()) > 0) {
                if (backstop) {
                    LockSupport.parkNanos(wait); // no spin: a late backstop costs lag only when the answers stopped
                } else if (wait > SPIN_NANOS) {
                    LockSupport.parkNanos(wait - SPIN_NANOS);
                } else {
                    Thread.onSpinWait();
                }
            }
            if (!lane.sentPast(sequence)) {
                lane.wake();
            }
        }
    }

    /**
     * How early request {@code sequence} may be handed to its lane, which then spins until it is due:
     * {@link #EARLY_NANOS} when it comes at least {@link #EARLY_MIN_GAP_NANOS} after its lane's previous
     * request, else 0 (the lane's loop is busy enough to be awake). Pure, so the pacer and the lane agree.
     */
    static long earlyNanos(Schedule schedule, long sequence, int laneCount) {
        return gapNanos(schedule, sequence, laneCount) >= EARLY_MIN_GAP_NANOS ? EARLY_NANOS : 0;
    }

    /**
     * Whether request {@code sequence} comes less than {@link #ANSWER_PACED_MAX_GAP_NANOS} after its lane's
     * previous one, so that its loop sends it between answers and the pacer is only a backstop. A lane's
     * first request has no answers before it. Pure, like {@link #earlyNanos}.
     */
    static boolean answerPaced(Schedule schedule, long sequence, int laneCount) {
        return sequence >= laneCount && gapNanos(schedule, sequence, laneCount) < ANSWER_PACED_MAX_GAP_NANOS;
    }

    /** Time from the lane's previous request to request {@code sequence} (from the start for a lane's first). */
    static long gapNanos(Schedule schedule, long sequence, int laneCount) {
        long previous = sequence < laneCount ? 0 : schedule.sendTimeNanos(sequence - laneCount);
        return schedule.sendTimeNanos(sequence) - previous;
    }

    @Override
    public void endAt(long endNanos) {
        horizonNanos = endNanos;
    }

    @Override
    public boolean closeWindow(long windowEndNanos) throws InterruptedException {
        Lane[] all = lanes;
        if (all == null) {
            return true;
        }
        running = false;
        LockSupport.unpark(pacer);
        return transport.closeWindow(pools, windowEndNanos, i -> () -> all[i].fileUnsent(windowEndNanos));
    }

    @Override
    public void stop() {
        running = false;
        if (pacer != null) {
            LockSupport.unpark(pacer);
        }
        RunTransport.stopAll(pools);
    }

    /** One event loop's share of the schedule; runs (as its own task) only on that loop. */
    private final class Lane implements Runnable {
        private final ConnectionPool pool;
        private final int lanes;
        private final Measurement measurement;
        /** Handed to the loop and not run yet: the pacer does not hand it again. */
        private volatile boolean handedOver;
        /** The lane's next unsent request; written on the loop, read by the pacer ({@link #sentPast}). */
        private volatile long next;
        /** In {@link #sendDue}: a send that frees a connection at once does not re-enter it. */
        private boolean sending;
        /** {@link ConnectionPool#whenFree}'s check, allocated once. */
        final Runnable sendDueOnAnswer = () -> sendDue(false);

        Lane(ConnectionPool pool, int first, int lanes) {
            this.pool = pool;
            this.lanes = lanes;
            this.measurement = transport.measurement();
            this.next = first;
        }

        /** Pacer thread: a request of this lane is due. */
        void wake() {
            if (!handedOver) {
                handedOver = true;
                pool.execute(this);
            }
        }

        /** Pacer thread: whether request {@code sequence} of this lane has left. */
        boolean sentPast(long sequence) {
            return next > sequence;
        }

        /** The pacer's hand-off: sends every request of the lane that is due by now (at most a burst, then yields). */
        @Override
        public void run() {
            handedOver = false; // before reading the clock: a request due after this gets a new hand-off
            if (sendDue(true) == MAX_BURST && running) {
                handedOver = true;
                pool.execute(this); // a backlog after a stall: the rest after the loop's other work
            }
        }

        /**
         * Sends the lane's requests due by now, at most {@link #MAX_BURST}; returns how many. With
         * {@code early}, a request handed over early is awaited by spinning (the pacer's hand-off only).
         */
        private int sendDue(boolean early) {
            if (sending) {
                return 0;
            }
            sending = true;
            try {
                int sent = 0;
                while (running && sent < MAX_BURST) {
                    long sequence = next;
                    long intended = startNanos + schedule.sendTimeNanos(sequence);
                    long now = System.nanoTime();
                    if (intended >= horizonNanos) {
                        return sent;
                    }
                    if (intended > now) {
                        if (!early || intended - now > earlyNanos(schedule, sequence, lanes)) {
                            return sent; // the pacer hands this lane over again in time
                        }
                        while (running && (now = System.nanoTime()) < intended) {
                            Thread.onSpinWait(); // an early hand-off: the loop was idle and is awake now
                        }
                        if (!running) {
                            return sent;
                        }
                    }
                    long lag = now - intended;
                    measurement.scheduled(lag, lag > LATE_START_NANOS);
                    pool.submit(sequence, intended);
                    next = sequence + lanes;
                    sent++;
                }
                return sent;
            } finally {
                sending = false;
            }
        }

        /**
         * The window closed: requests of this lane due before {@code windowEnd} that never left are
         * filed with their latency from the intended time to now. On the lane's loop, after the pacer stopped.
         */
        void fileUnsent(long windowEnd) {
            long now = System.nanoTime();
            for (long intended; (intended = startNanos + schedule.sendTimeNanos(next)) < windowEnd; next += lanes) {
                measurement.unsent(now - intended);
            }
        }
    }
}
