package io.jwtbench.bench.runtime.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.engine.RunSeriesHistory;
import io.jwtbench.bench.runtime.engine.RunSpec;
import io.jwtbench.bench.runtime.spi.RequestSource;

/**
 * Starts sweeps as {@link RunSeries} (holding the bench for the whole sweep, pauses included) and
 * finds them in the {@link RunSeriesHistory}.
 */
@Singleton
public class Sweeps {
    public static final String KIND = "sweep";

    @Inject
    LoadEngine engine;

    @Inject
    RunSeriesHistory history;

    /**
     * @param source prepared once by the target, shared by every step (the SPI's next(sequence) is a
     *        function of the sequence number, so a new run simply starts again at 0)
     * @throws RunInProgressException (id of the run or series holding the bench)
     */
    public Sweep start(SweepSpec spec, RequestSource source) {
        List<RunSeries.Step> steps = new ArrayList<>();
        for (int i = 0; i < spec.steps().size(); i++) {
            RunSpec step = spec.steps().get(i);
            steps.add(new RunSeries.Step(spec.load(i) + " " + spec.loadUnit(), step, source));
        }
        return new Sweep(RunSeries.start(engine, history, KIND, steps, new RunSeries.Options(spec.pause(), true, spec)));
    }

    public Optional<Sweep> find(String id) {
        return history.find(id).filter(s -> KIND.equals(s.kind())).map(Sweep::new);
    }

    /** Newest first. */
    public List<Sweep> recent() {
        return history.recent(KIND).stream().map(Sweep::new).toList();
    }
}
