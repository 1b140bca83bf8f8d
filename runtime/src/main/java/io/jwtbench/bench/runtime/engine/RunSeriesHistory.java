package io.jwtbench.bench.runtime.engine;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.BenchConfig;
import io.quarkus.runtime.ShutdownEvent;

/** The recent {@link RunSeries} of every kind (compares, sweeps), by id. Cancels the series in progress at shutdown. */
@Singleton
public class RunSeriesHistory {
    private final History<RunSeries<?>> series;

    @Inject
    RunSeriesHistory(BenchConfig config) {
        series = new History<>("s", config::historySize, id -> {
        });
    }

    public Optional<RunSeries<?>> find(String id) {
        return series.find(id);
    }

    /** Newest first; {@code kind} null for every kind. */
    public List<RunSeries<?>> recent(String kind) {
        return series.recent().stream().filter(s -> kind == null || kind.equals(s.kind())).toList();
    }

    /** One made with a fresh id, remembered, begun ({@link Lifecycle#begin(History, Function)}). */
    <P> RunSeries<P> begin(Function<String, RunSeries<P>> make) {
        return Lifecycle.begin(series, make);
    }

    void onShutdown(@Observes ShutdownEvent event) {
        series.cancelGoing(Duration.ofSeconds(5));
    }
}
