package io.jwtbench.bench.runtime.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.plan.ComparePlan;
import io.jwtbench.bench.runtime.plan.ComparePlanParser;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.RunSpecParser;
import io.jwtbench.bench.runtime.plan.SeriesCap;
import io.jwtbench.bench.runtime.plan.SpecLimits;
import io.jwtbench.bench.runtime.plan.StartAt;
import io.jwtbench.bench.runtime.plan.SweepSpec;
import io.jwtbench.bench.runtime.plan.SweepSpecParser;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.stats.Baseline;
import io.jwtbench.bench.runtime.spi.RequestSource;

/**
 * The only way to start load: a run, a compare, a sweep (or any series of runs). Every start goes the
 * same way: is the spec good (transport, and the target's options as its {@code footprint} reads them), is the
 * bench busy (checked before {@code prepare()}, which may be slow, and again, atomically, when the run or series
 * takes the bench), will it fit the memory budget, prepare the target's requests, reserve, start.
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
        return new ComparePlanParser(runParser(), seriesCap());
    }

    public SweepSpecParser sweepParser() {
        return new SweepSpecParser(runParser(), seriesCap());
    }

    /**
     * A run's body read once into its request: its {@code startAt}, its {@code baseline} (a report, or the id of a
     * finished run of this history), then its spec.
     *
     * @param trigger who starts it: {@value #TRIGGER_API}, or a fleet's; shown in the report
     * @throws SpecException naming the first bad field
     */
    public RunRequest parseRun(JsonNode body, String trigger) {
        Instant startAt = StartAt.read(body);
        Baseline baseline = Baselines.read(body, this);
        return new RunRequest(runParser().parse(body, false, RunRequest.FIELDS), startAt, baseline, trigger);
    }

    /**
     * Starts {@code request}: at once or at its {@code startAt} (prepared now, QUEUED until then: how the pods of a
     * fleet run start at the same moment); held against its baseline once it ended, should it have one (its report
     * gets a {@code regression} section, and its verdict fails should it be slower beyond the tolerance).
     *
     * @throws RunInProgressException when a run or series holds the bench
     * @throws SpecException when the target refuses its options
     */
    public Run startRun(RunRequest request) {
        Map<String, Long> footprint = checked(request.spec());
        checkIdle();
        MemoryBudget.of(config()).checkWithHistory(engine, footprint, "");
        return engine.start(null, request, prepare(request.spec()));
    }

    /** How long a warm-up step measures: it exists for its (automatic) warm-up, its numbers are not reported. */
    static final Duration WARMUP_STEP = Duration.ofSeconds(1);

    /**
     * Each model in {@code plan.rounds()} rounds, the order rotated each round (ABC, BCA, CAB), back
     * to back; unless the warm-up is {@code 0s}, every model first runs once as a warm-up step (with the
     * spec's warm-up, {@code auto} by default), so the first round does not pay for the JIT. Every model's requests are prepared first, so a model
     * the target refuses is a {@link SpecException} on {@code models} before anything runs.
     */
    public RunSeries<ComparePlan> startCompare(ComparePlan plan) {
        // every model's requests are held at once, from the first run to the last
        Map<String, Long> footprint = new LinkedHashMap<>();
        for (String model : plan.models()) {
            MemoryBudget.add(footprint, ofEntry(plan, model, () -> checked(plan.specOf(model))));
        }
        checkIdle();
        MemoryBudget.of(config()).checkWithHistory(engine, footprint, "spec.");
        Map<String, RunSeries.Step> prepared = new LinkedHashMap<>();
        for (String model : plan.models()) {
            RunSpec spec = plan.specOf(model);
            prepared.put(model, new RunSeries.Step(model, spec, ofEntry(plan, model, () -> prepare(spec))));
        }
        List<RunSeries.Step> steps = new ArrayList<>();
        if (!plan.spec().warmup().isZero()) {
            prepared.values().forEach(p -> steps.add(new RunSeries.Step(p.label(), p.spec().withDuration(WARMUP_STEP),
                    p.source(), RunSeries.Step.WARMUP)));
        }
        for (int round = 0; round < plan.rounds(); round++) {
            for (String model : plan.order(round)) {
                RunSeries.Step p = prepared.get(model);
                steps.add(new RunSeries.Step(model, p.spec(), p.source(), round + 1));
            }
        }
        return startSeries(COMPARE, steps, new RunSeries.Options<>(Duration.ZERO, false, plan));
    }

    /**
     * {@code work} for one entry of a compare: a refused model or transport is an error on {@code models} or
     * {@code transports}, any other spec error one on {@code spec.<field>}.
     */
    private static <T> T ofEntry(ComparePlan plan, String entry, Supplier<T> work) {
        try {
            return work.get();
        } catch (SpecException e) {
            boolean ofEntry = plan.axis() == ComparePlan.Axis.MODELS ? e.field().equals(ComparePlan.OPTION)
                    : Transport.FIELDS.contains(e.field());
            throw ofEntry ? new SpecException(plan.axis().field, "\"" + entry + "\": " + e.reason())
                    : new SpecException("spec." + e.field(), e.reason());
        }
    }

    /**
     * A sweep: the target prepares once and its source serves every step (next(sequence) is a
     * function of the sequence number, so each run simply starts again at 0). With
     * {@code "warmup": "auto"} a warm-up step at the heaviest load runs first, and each step still
     * warms up automatically (briefly, once the JVM is warm).
     */
    public RunSeries<SweepSpec> startSweep(SweepSpec spec) {
        // one source serves every step; the last step has the most connections
        RunSpec heaviest = spec.steps().get(spec.steps().size() - 1);
        Map<String, Long> footprint = checked(heaviest);
        checkIdle();
        MemoryBudget.of(config()).checkWithHistory(engine, footprint, "");
        RequestSource source = prepare(heaviest);
        List<RunSeries.Step> steps = new ArrayList<>();
        if (heaviest.autoWarmup()) { // warm the target once at its heaviest load: the light first steps cannot
            steps.add(new RunSeries.Step("warm-up at " + spec.load(spec.steps().size() - 1) + " " + spec.loadUnit(),
                    heaviest.withDuration(WARMUP_STEP), source, RunSeries.Step.WARMUP));
        }
        for (int i = 0; i < spec.steps().size(); i++) {
            steps.add(new RunSeries.Step(spec.load(i) + " " + spec.loadUnit(), spec.steps().get(i), source));
        }
        return startSeries(SWEEP, steps, new RunSeries.Options<>(spec.pause(), true, spec));
    }

    /**
     * Runs prepared {@code steps} back to back, holding the bench for the whole series.
     *
     * @param kind what the series is, for listings ({@value #COMPARE}, {@value #SWEEP}, ...)
     */
    public <P> RunSeries<P> startSeries(String kind, List<RunSeries.Step> steps, RunSeries.Options<P> options) {
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

    /** A series started from a plan of {@code planType} (a compare's, a sweep's), by id. */
    public <P> Optional<RunSeries<P>> findSeries(Class<P> planType, String id) {
        return series.find(id).filter(s -> planType.isInstance(s.plan())).map(s -> typed(s, planType));
    }

    /** Newest first. */
    public <P> List<RunSeries<P>> recentSeries(Class<P> planType) {
        return series.recent(null).stream().filter(s -> planType.isInstance(s.plan())).map(s -> typed(s, planType)).toList();
    }

    /** The one unchecked cast: a series is of its plan's type, which the callers checked. */
    @SuppressWarnings("unchecked")
    private static <P> RunSeries<P> typed(RunSeries<?> s, Class<P> planType) {
        return (RunSeries<P>) s;
    }

    private SeriesCap seriesCap() {
        return new SeriesCap(engine.config().maxSeriesDuration());
    }

    private void checkIdle() {
        busyWith().ifPresent(id -> {
            throw new RunInProgressException(id);
        });
    }

    /**
     * The heap a run of {@code spec} will hold by spec field (the engine's and the target's), its transport and the
     * target's options found good: cheap, so asked first, and a bad spec is a 400 even while the bench is busy.
     */
    private Map<String, Long> checked(RunSpec spec) {
        engine.checkTransport(spec);
        Map<String, Long> bytes = MemoryBudget.engineFootprint(spec);
        MemoryBudget.add(bytes, engine.targets().get(spec.target()).footprint(spec.options()));
        return bytes;
    }

    private RequestSource prepare(RunSpec spec) {
        return engine.targets().get(spec.target()).prepare(spec.options());
    }

    private Collection<String> targetNames() {
        return engine.targets().keySet();
    }
}
