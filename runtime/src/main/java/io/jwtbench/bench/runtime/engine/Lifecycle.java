package io.jwtbench.bench.runtime.engine;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import io.jwtbench.bench.runtime.BenchThreads;

/**
 * The life every started thing shares (a {@link Run}, a {@link RunSeries}, a fleet run): an id in its
 * {@link History}, the moment it was made, one {@link #execute() life} on a platform thread of its own
 * ({@link BenchThreads}: never the application's event loops nor its virtual-thread scheduler), a cancel anyone may
 * ask for and only that thread acts on, and an end that completes {@link #finished()} once. What each one's status
 * and report are stays its own.
 *
 * @param <R> what {@link #finished()} completes with: its final report, or itself
 */
public abstract class Lifecycle<R> implements Started {
    private final String id;
    /** {@code bench-<kind>-<id>}: the name of its thread. */
    private final String threadName;
    private final Instant startedAt = Instant.now();
    private final CancelSignal cancel = new CancelSignal();
    private final CompletableFuture<R> finished = new CompletableFuture<>();
    private final AtomicBoolean begun = new AtomicBoolean();

    /** @param kind what it is ({@code run}, {@code series}, {@code fleet}): its thread is named for it */
    protected Lifecycle(String id, String kind) {
        this.id = id;
        this.threadName = "bench-" + kind + "-" + id;
    }

    /**
     * One made with a fresh id of {@code history} ({@code make} may refuse by throwing: then nothing is remembered),
     * remembered there, then {@link #begin() begun}: how every run, series and fleet run starts.
     */
    public static <L extends Lifecycle<?>> L begin(History<? super L> history, Function<String, L> make) {
        L made = make.apply(history.newId());
        history.add(made);
        made.begin();
        return made;
    }

    /** Its whole life, on its own thread: never throws, and ends by {@link #end}. */
    protected abstract void execute();

    /** Starts its life on a thread of its own, once, after whoever made it put it in its history. */
    public final void begin() {
        if (!begun.compareAndSet(false, true)) {
            throw new IllegalStateException(threadName + " has begun already");
        }
        BenchThreads.start(threadName, this::execute);
    }

    @Override
    public final String id() {
        return id;
    }

    /** When it was made (a run waiting for its {@code startAt} has been made already). */
    public final Instant startedAt() {
        return startedAt;
    }

    /** Completes once it ended, with its final report (or itself). */
    @Override
    public final CompletableFuture<R> finished() {
        return finished;
    }

    /** Asks it to stop; its own thread then ends it with what it has. */
    @Override
    public void cancel() {
        cancel.set();
    }

    /** For the steps of a run's life that wait on it themselves ({@link WarmUp}). */
    final CancelSignal cancelSignal() {
        return cancel;
    }

    protected final boolean cancelRequested() {
        return cancel.isSet();
    }

    /**
     * Waits until {@code untilNanos} ({@link System#nanoTime()}) or a cancel, whichever comes first.
     *
     * @return whether it was cancelled
     */
    protected final boolean awaitCancel(long untilNanos) throws InterruptedException {
        return cancel.awaitUntil(untilNanos);
    }

    /** Its end: completes {@link #finished()} with {@code result}; later calls change nothing. */
    protected final void end(R result) {
        finished.complete(result);
    }
}
