package io.jwtbench.bench.runtime.engine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.plan.ComparePlan;
import io.jwtbench.bench.runtime.plan.ComparePlanParser;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.RunSpecParser;
import io.jwtbench.bench.runtime.plan.SpecLimits;
import io.jwtbench.bench.runtime.plan.SweepSpec;
import io.jwtbench.bench.runtime.plan.SweepSpecParser;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;

/**
 * The only way to start load: a run, a compare, a sweep (or any series of runs). Every start goes the
 * same way: is the bench busy (checked before {@code prepare()}, which may be slow, and again,
 * atomically, when the run or series takes the bench), prepare the target's requests, reserve, start.
 * The HTTP handlers and the start-up smoke bench both come through here; {@link LoadEngine} and
 * {@link RunSeries} only start what this hands them.
 */
@Singleton
public class Bench {
    /** The trigger of runs started through the HTTP API. */
    public static final String TRIGGER_API = "api";
    public static final String COMPARE = "compare";
    public static final String SWEEP = "sweep";

    @Inject
    LoadEngine engine;
    @Inject
    RunSeriesHistory series;

    public BenchConfig config() {
        return engine.config();
    }

    /** Every target by name, sorted. */
    public Map<String, BenchTarget> targets() {
        return engine.targets();
    }

    /** A run spec parser with the configured limits and the known targets. */
    public RunSpecParser runParser() {
        return new RunSpecParser(SpecLimits.of(engine.config()), targetNames());
    }

    public ComparePlanParser compareParser() {
        return new ComparePlanParser(runParser());
    }

    public SweepSpecParser sweepParser() {
        return new SweepSpecParser(runParser());
    }

    /**
     * @param trigger who starts it: {@value #TRIGGER_API}, or {@code smoke}; shown in the report
     * @throws RunInProgressException when a run or series holds the bench
     * @throws SpecException when the target refuses its options
     */
    public Run startRun(RunSpec spec, String trigger) {
        return startRun(spec, trigger, null);
    }

    /**
     * A run that starts sending at {@code startAt} (prepared now, QUEUED until then): how the pods of a
     * fleet run start at the same moment.
     *
     * @param startAt null: at once
     */
    public Run startRun(RunSpec spec, String trigger, Instant startAt) {
        checkIdle();
        RequestSource source = prepare(spec);
        return engine.start(null, spec, source, trigger, startAt);
    }

    /**
     * One run per model, back to back. Every model's requests are prepared first, so a model the
     * target refuses is a {@link SpecException} on {@code models} before anything runs.
     */
    public RunSeries startCompare(ComparePlan plan) {
        checkIdle();
        List<RunSeries.Step> steps = new ArrayList<>();
        for (String model : plan.models()) {
            RunSpec spec = plan.specOf(model);
            RequestSource source;
            try {
                source = prepare(spec);
            } catch (SpecException e) {
                throw e.field().equals(ComparePlan.OPTION)
                        ? new SpecException("models", "model \"" + model + "\": " + e.reason())
                        : new SpecException("spec." + e.field(), e.reason());
            }
            steps.add(new RunSeries.Step(model, spec, source));
        }
        return startSeries(COMPARE, steps, RunSeries.Options.BACK_TO_BACK);
    }

    /**
     * A sweep: the target prepares once and its source serves every step (next(sequence) is a
     * function of the sequence number, so each run simply starts again at 0).
     */
    public RunSeries startSweep(SweepSpec spec) {
        checkIdle();
        RequestSource source = engine.targets().get(spec.target()).prepare(spec.options());
        List<RunSeries.Step> steps = new ArrayList<>();
        for (int i = 0; i < spec.steps().size(); i++) {
            steps.add(new RunSeries.Step(spec.load(i) + " " + spec.loadUnit(), spec.steps().get(i), source));
        }
        return startSeries(SWEEP, steps, new RunSeries.Options(spec.pause(), true, spec));
    }

    /**
     * Runs prepared {@code steps} back to back, holding the bench for the whole series.
     *
     * @param kind what the series is, for listings ({@value #COMPARE}, {@value #SWEEP}, ...)
     */
    public RunSeries startSeries(String kind, List<RunSeries.Step> steps, RunSeries.Options options) {
        return RunSeries.start(engine, series, kind, steps, options);
    }

    /** The id of what holds the bench: a series, else the unfinished run. */
    public Optional<String> busyWith() {
        return engine.busyWith();
    }

    public Optional<Run> activeRun() {
        return engine.activeRun();
    }

    public Optional<Run> findRun(String id) {
        return engine.find(id);
    }

    /** Newest first. */
    public List<Run> recentRuns() {
        return engine.recent();
    }

    /** A series of {@code kind}, by id. */
    public Optional<RunSeries> findSeries(String kind, String id) {
        return series.find(id).filter(s -> s.kind().equals(kind));
    }

    /** Newest first. */
    public List<RunSeries> recentSeries(String kind) {
        return series.recent(kind);
    }

    private void checkIdle() {
        busyWith().ifPresent(id -> {
            throw new RunInProgressException(id);
        });
    }

    private RequestSource prepare(RunSpec spec) {
        return engine.targets().get(spec.target()).prepare(spec.options());
    }

    private Collection<String> targetNames() {
        return engine.targets().keySet();
    }
}
