package io.jwtbench.bench.runtime.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * The recent runs, series or fleet runs of one kind, by id, in start order: at most {@code size} of them
 * ({@code quarkus.bench.history-size}), the oldest forgotten first, never one still going. The one history behind
 * {@link LoadEngine}, {@link RunSeriesHistory} and the fleet's coordinator; thread-safe.
 */
public final class History<T extends Started> {
    private final String idPrefix;
    private final IntSupplier size;
    private final Consumer<String> forgotten;
    /** Insertion order = start order; guarded by this. */
    private final LinkedHashMap<String, T> items = new LinkedHashMap<>();

    /**
     * @param idPrefix  what {@link #newId()} starts with, so that ids of different kinds look different
     * @param forgotten told the id of each one forgotten (e.g. so that run extensions drop its data)
     */
    public History(String idPrefix, IntSupplier size, Consumer<String> forgotten) {
        this.idPrefix = idPrefix;
        this.size = size;
        this.forgotten = forgotten;
    }

    /** A fresh id: the prefix and 8 hex digits, unused here. */
    public synchronized String newId() {
        String id;
        do {
            id = idPrefix + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 32 | 0x1_0000_0000L).substring(1);
        } while (items.containsKey(id));
        return id;
    }

    /** Remembers the newest, then forgets the oldest ended ones beyond the size. */
    public synchronized void add(T item) {
        items.put(item.id(), item);
        for (Iterator<T> oldest = items.values().iterator(); items.size() > Math.max(1, size.getAsInt());) {
            T o = oldest.next();
            if (!o.finished().isDone()) {
                break; // never forget one still going
            }
            oldest.remove();
            forgotten.accept(o.id());
        }
    }

    /** Forgets the oldest one that has ended; false when none has. */
    public synchronized boolean forgetOldestEnded() {
        for (Iterator<T> it = items.values().iterator(); it.hasNext();) {
            T o = it.next();
            if (o.finished().isDone()) {
                it.remove();
                forgotten.accept(o.id());
                return true;
            }
        }
        return false;
    }

    public synchronized Optional<T> find(String id) {
        return Optional.ofNullable(items.get(id));
    }

    /** Newest first. */
    public synchronized List<T> recent() {
        List<T> all = new ArrayList<>(items.values());
        Collections.reverse(all);
        return all;
    }

    /** The oldest one not ended yet, if any. */
    public synchronized Optional<T> going() {
        return items.values().stream().filter(t -> !t.finished().isDone()).findFirst();
    }

    /** At shutdown: cancels each one still going and waits for it, at most {@code wait} each. */
    public void cancelGoing(Duration wait) {
        for (T t : recent()) {
            if (!t.finished().isDone()) {
                t.cancel();
                try {
                    t.finished().get(wait.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (Exception e) {
                    // shutting down anyway: it ended badly or late
                }
            }
        }
    }
}
