package io.jwtbench.bench.runtime.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.BenchConfig;
import io.quarkus.runtime.ShutdownEvent;

/**
 * The recent {@link RunSeries} of every kind, by id, as many as {@code quarkus.bench.history-size}
 * (oldest forgotten first). Cancels the series in progress at shutdown.
 */
@Singleton
public class RunSeriesHistory {
    @Inject
    BenchConfig config;

    /** Insertion order = start order; guarded by this. */
    private final LinkedHashMap<String, RunSeries<?>> series = new LinkedHashMap<>();

    public synchronized Optional<RunSeries<?>> find(String id) {
        return Optional.ofNullable(series.get(id));
    }

    /** Newest first; {@code kind} null for every kind. */
    public synchronized List<RunSeries<?>> recent(String kind) {
        List<RunSeries<?>> out = new ArrayList<>();
        for (RunSeries<?> s : series.values()) {
            if (kind == null || kind.equals(s.kind())) {
                out.add(s);
            }
        }
        Collections.reverse(out);
        return out;
    }

    synchronized String newId() {
        String id;
        do {
            id = "s" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 32 | 0x1_0000_0000L).substring(1);
        } while (series.containsKey(id));
        return id;
    }

    synchronized void remember(RunSeries<?> s) {
        series.put(s.id(), s);
        for (Iterator<RunSeries<?>> oldest = series.values().iterator(); series.size() > Math.max(1,
                config.historySize());) {
            RunSeries<?> o = oldest.next();
            if (!o.status().isTerminal()) {
                break; // never forget the one in progress
            }
            oldest.remove();
        }
    }

    void onShutdown(@Observes ShutdownEvent event) {
        for (RunSeries<?> s : recent(null)) {
            if (!s.status().isTerminal()) {
                s.cancel();
                try {
                    s.finished().get(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                    // shutting down anyway
                }
            }
        }
    }
}
