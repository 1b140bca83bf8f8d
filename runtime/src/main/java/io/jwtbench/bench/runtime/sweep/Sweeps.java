package io.jwtbench.bench.runtime.sweep;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.spi.RequestSource;

/** Starts sweeps (one at a time, and never while a run is active), remembers the recent ones. */
@Singleton
public class Sweeps {
    @Inject
    LoadEngine engine;

    private final LinkedHashMap<String, Sweep> history = new LinkedHashMap<>();
    private Sweep latest;

    public LoadEngine engine() {
        return engine;
    }

    /** The sweep that is not finished yet, if any. */
    public synchronized Optional<Sweep> active() {
        return latest != null && !latest.report().status().isTerminal() ? Optional.of(latest) : Optional.empty();
    }

    /**
     * @param source prepared once by the target, shared by every step (the SPI's next(sequence) is a
     *        function of the sequence number, so a new run simply starts again at 0)
     * @throws RunInProgressException (id of the active sweep or run) while either is not finished
     */
    public synchronized Sweep start(SweepSpec spec, RequestSource source) {
        active().ifPresent(s -> {
            throw new RunInProgressException(s.id());
        });
        engine.activeRun().ifPresent(r -> {
            throw new RunInProgressException(r.id());
        });
        String id;
        do {
            id = "s" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 36 | 0x1000_0000L).substring(1);
        } while (history.containsKey(id));
        Sweep sweep = new Sweep(id, spec, engine, source);
        history.put(id, sweep);
        latest = sweep;
        for (Iterator<Sweep> oldest = history.values().iterator(); history.size() > Math.max(1,
                engine.config().historySize());) {
            oldest.next();
            oldest.remove();
        }
        Thread.ofVirtual().name("bench-sweep-" + id).start(sweep::execute);
        return sweep;
    }

    public synchronized Optional<Sweep> find(String id) {
        return Optional.ofNullable(history.get(id));
    }

    /** Newest first. */
    public synchronized List<Sweep> recent() {
        List<Sweep> list = new ArrayList<>(history.values());
        Collections.reverse(list);
        return list;
    }
}
