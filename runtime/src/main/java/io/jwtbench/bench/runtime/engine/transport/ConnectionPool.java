package io.jwtbench.bench.runtime.engine.transport;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.plan.Protocol;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.channel.EventLoop;

/**
 * The connections of one generator event loop (a "lane") and what they do when idle; everything
 * here runs on that loop only, without locks.
 *
 * <ul>
* <li><b>{@link OnIdle#SEND_NEXT}</b> (closed model): an idle connection sends the lane's next request at once (sequence numbers
 * {@code lane, lane + lanes, ...}), so each connection carries one request after the other.</li>
 * <li><b>{@link OnIdle#TAKE_QUEUED}</b> (scheduled models): {@link #submit} hands a due request to an idle connection, or queues it
 * (FIFO, unbounded) until one is free; the wait is counted as connection wait.</li>
 * </ul>
 * A periodic sweep (no timer per request) fails requests in flight or queued for longer than the
 * run's timeout; the connection of a timed-out request is closed and reopened.
 *
 * <p>When the measured window closes ({@link #closeWindow}) nothing new leaves, requests still waiting
 * for a connection are filed as unsent with their intended-time latency, and the requests in flight
 * are awaited: answered, or failed by the sweep after the timeout.
 */
public final class ConnectionPool {
    private final EventLoop loop;
    private final Outcomes outcomes;
    private final long timeoutNanos;
    private final RequestSource source;
    private final OnIdle onIdle;
    /** {@link #whenFree}; null unless a driver set it. */
    private volatile Runnable whenFree;
    private final Connection[] connections;
    /** Every request place of its connections: one per HTTP/1.1 connection, one per stream of an HTTP/2 one. */
    private final Slot[] slots;
    private final Slot[] idle;
    private int idleCount;
    private long nextSequence;
    private final int stride;
    private volatile boolean stopped;
    /** The measured window closed: nothing new leaves; {@link #drained} counts down once nothing is in flight. */
    private boolean windowClosed;
    private CountDownLatch drained;
    private ScheduledFuture<?> sweeper;

    // open model: due requests waiting for a connection, a ring of (sequence, intended, queued at)
    private long[] queue = new long[3 * 64];
    private int queueHead;
    private int queueSize;

    /** What a connection does when it becomes free: the driver decides, the pool only obeys. */
    public enum OnIdle {
        /** Send the lane's next request at once (closed model: load follows the answers). */
        SEND_NEXT,
        /** Take the oldest due request waiting for a connection, else wait for {@link #submit}. */
        TAKE_QUEUED
    }

    /** {@code size} connections of {@code run} on its event loop {@code lane}, of {@code lanes}. */
    ConnectionPool(RunTransport run, int lane, int lanes, int size, RequestSource source, OnIdle onIdle) {
        this.loop = run.client.loops[lane];
        this.outcomes = run.outcomes;
        this.timeoutNanos = run.timeoutNanos;
        this.source = source;
        this.onIdle = onIdle;
        this.nextSequence = lane;
        this.stride = lanes;
        this.connections = new Connection[size];
        int perConnection = run.protocol == Protocol.H2 ? run.streams : 1;
        this.slots = new Slot[size * perConnection];
        for (int i = 0; i < size; i++) {
            connections[i] = new Connection(this, run, lane);
            System.arraycopy(connections[i].session().slots(), 0, slots, i * perConnection, perConnection);
        }
        this.idle = new Slot[slots.length];
    }

    /** Opens every connection and starts the sweep; returns at once. */
    void start() {
        loop.execute(() -> {
            if (stopped) {
                return;
            }
            for (Connection c : connections) {
                c.connect();
            }
            long period = Math.max(10, Math.min(100, timeoutNanos / 4_000_000));
            sweeper = loop.scheduleAtFixedRate(this::sweep, period, period, TimeUnit.MILLISECONDS);
        });
    }

    boolean stopped() {
        return stopped;
    }

    /**
     * No request leaves after this; the connections are let go (answers in flight are dropped) for the generator to
     * close once the run's observations ended, so that the run's CPU profile holds none of their closing.
     */
    void stop() {
        stopped = true;
        loop.execute(() -> {
            if (sweeper != null) {
                sweeper.cancel(false);
            }
            for (Connection c : connections) {
                c.release();
            }
            queueSize = 0;
        });
    }

    /**
     * From any thread: closes the measured window on this pool's loop. Runs {@code first} there (the
     * driver stops its lane), files the queued requests due before {@code windowEnd} as unsent, counts
     * the requests in flight and counts {@code done} down once none is left.
     */
    public void closeWindow(long windowEnd, Runnable first, CountDownLatch done) {
        loop.execute(() -> {
            first.run();
            if (stopped) {
                done.countDown();
                return;
            }
            windowClosed = true;
            long now = System.nanoTime();
            while (queueSize > 0) {
                long intended = queue[queueHead * 3 + 1];
                dequeue();
                if (intended < windowEnd) {
                    outcomes.unsent(now - intended);
                }
            }
            int inFlight = 0;
            for (Slot c : slots) {
                inFlight += c.inFlight() ? 1 : 0;
            }
            outcomes.inFlightAtStop(inFlight);
            drained = done;
            checkDrained();
        });
    }

    private void checkDrained() {
        if (drained == null) {
            return;
        }
        for (Slot c : slots) {
            if (c.inFlight()) {
                return;
            }
        }
        drained.countDown();
        drained = null;
    }

    /** Runs {@code task} on this pool's loop (from the pacer: the task is pre-allocated, nothing is per call). */
    public void execute(Runnable task) {
        loop.execute(task);
    }

    /** A scheduled request {@code sequence} is due (it was meant to leave at {@code intended}); on this pool's loop only. */
    public void submit(long sequence, long intended) {
        while (idleCount > 0) {
            Slot c = idle[--idleCount];
            c.stacked = false;
            if (c.isIdle()) {
                c.send(source.next(sequence), intended);
                return;
            }
        }
        enqueue(sequence, intended, System.nanoTime());
    }

    /** {@code c} is open and free. */
    void idle(Slot c) {
        if (stopped) {
            return;
        }
        if (windowClosed) {
            checkDrained();
            return;
        }
        if (onIdle == OnIdle.SEND_NEXT) {
            long sequence = nextSequence;
            nextSequence += stride;
            c.send(source.next(sequence), RunTransport.UNSCHEDULED);
        } else if (queueSize > 0) {
            int at = queueHead * 3;
            long sequence = queue[at];
            long intended = queue[at + 1];
            long queuedAt = queue[at + 2];
            dequeue();
            outcomes.connectionWait(System.nanoTime() - queuedAt);
            c.send(source.next(sequence), intended);
        } else {
            if (!c.stacked) {
                c.stacked = true;
                idle[idleCount++] = c;
            }
            Runnable check = whenFree;
            if (check != null) {
                check.run(); // the driver may have requests due by now: this connection takes the first
            }
        }
    }

    /**
     * What runs on this pool's loop each time a connection becomes free with nothing queued (scheduled
     * models): the open model's lane sends what is due by then, so a busy loop paces itself between answers.
     */
    public void whenFree(Runnable check) {
        this.whenFree = check;
    }

    /** After a close: open a new channel right away. */
    void reconnect(Connection c) {
        if (windowClosed) {
            checkDrained();
        } else if (!stopped) {
            c.connect();
        }
    }

    /** After a failed connect: open a new channel from the loop's queue, not from inside the failure. */
    void reconnectLater(Connection c) {
        if (!stopped && !windowClosed) {
            loop.execute(() -> {
                if (!stopped && !windowClosed && c.isClosed()) {
                    c.connect();
                }
            });
        }
    }

    private void sweep() {
        if (stopped) {
            return;
        }
        long now = System.nanoTime();
        for (Slot c : slots) {
            c.expireIfOlder(now, timeoutNanos);
        }
        while (queueSize > 0 && now - queue[queueHead * 3 + 2] > timeoutNanos) {
            dequeue();
            outcomes.failed(Tally.Failure.TIMEOUT); // no connection within the timeout
        }
    }

    private void enqueue(long sequence, long intended, long queuedAt) {
        int capacity = queue.length / 3;
        if (queueSize == capacity) {
            long[] bigger = new long[queue.length * 2];
            for (int i = 0; i < queueSize; i++) {
                System.arraycopy(queue, ((queueHead + i) % capacity) * 3, bigger, i * 3, 3);
            }
            queue = bigger;
            queueHead = 0;
            capacity *= 2;
        }
        int at = ((queueHead + queueSize) % capacity) * 3;
        queue[at] = sequence;
        queue[at + 1] = intended;
        queue[at + 2] = queuedAt;
        queueSize++;
    }

    private void dequeue() {
        queueHead = (queueHead + 1) % (queue.length / 3);
        queueSize--;
    }
}
