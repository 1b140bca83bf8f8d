package io.jwtbench.bench.runtime.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.BenchThreads;

import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * Several runs back to back, holding the bench for the whole series: the reusable sequencing behind
 * {@code POST /q/bench/compare} (and sweeps). The series takes a {@link LoadEngine.Reservation} when it
 * starts, so no other run (nor series) can start between two of its runs; a second start gets the usual
 * {@link RunInProgressException}, naming the series' id. Each step is an ordinary {@link Run}: it is in
 * the runs history with its own id and full report ({@code GET /q/bench/runs/{runId}}).
 *
 * <p>The steps' sources are prepared by the caller before {@link #start}, so every option problem is a
 * 400 before anything runs. The series orchestrates itself on a platform thread of its own ({@link BenchThreads}); it ends
 * {@code DONE} when every step ran (whatever each run's own status), {@code CANCELLED} after
 * {@link #cancel()} (the current run is cancelled, the rest never start), {@code FAILED} if a run
 * could not even start. {@link Options} add a pause between steps and, for sweeps, stop at the first
 * run that does not end DONE. Reading is thread-safe; the lists returned are snapshots.
 */
public final class RunSeries<P> extends Lifecycle<RunSeries<P>> {
    private static final Logger LOG = Logger.getLogger(RunSeries.class);

    /**
     * One run of the series. {@code label} names it for people, e.g. the compared model.
     *
     * @param round which round the step belongs to (a compare runs its models in rounds, from 1);
     *        {@link #WARMUP} for a step that only warms the JVM up, whose numbers no view reports
     */
    public record Step(String label, RunSpec spec, RequestSource source, int round) {
        public static final int WARMUP = 0;

        public Step {
            Objects.requireNonNull(label);
            Objects.requireNonNull(spec);
            Objects.requireNonNull(source);
        }

        /** A step of a series in one round. */
        public Step(String label, RunSpec spec, RequestSource source) {
            this(label, spec, source, 1);
        }

        public boolean warmup() {
            return round == WARMUP;
        }

        /** This step without its requests, once the series ended: what a listing still needs. */
        Step released() {
            return new Step(label, spec, RELEASED, round);
        }
    }

    /** Stands for a finished step's requests: the series' history keeps labels and specs, not token pools. */
    private static final RequestSource RELEASED = sequence -> {
        throw new IllegalStateException("the series ended: its requests were released");
    };

    /**
     * How the series proceeds.
     *
     * @param pause idle time between two steps (the bench stays reserved)
     * @param stopUnlessDone end the series at the first run that does not end DONE: CANCELLED if that
     *        run was cancelled, else FAILED naming the step (a sweep's later steps mean nothing then)
     * @param plan what the caller started the series from (a compare's plan, a sweep's spec), opaque to the series
     */
    public record Options<P>(Duration pause, boolean stopUnlessDone, P plan) {
        public static final Options<Void> BACK_TO_BACK = new Options<>(Duration.ZERO, false, null);

        public Options {
            Objects.requireNonNull(pause);
        }
    }

    /** A step that started: its run's id and latest report (final once the run finished). */
    public record StepResult(String label, int round, String runId, RunReport report) {
        public boolean warmup() {
            return round == Step.WARMUP;
        }
    }

    public enum Status {
        RUNNING,
        DONE,
        CANCELLED,
        FAILED;

        public boolean isTerminal() {
            return this != RUNNING;
        }
    }

    private final String kind;
    /** Every step; their sources are released when the series ends ({@link Step#released()}). */
    private volatile List<Step> steps;
    private final Options<P> options;
    private final LoadEngine engine;
    private final LoadEngine.Reservation reservation;
    /** The runs started so far, in order; guarded by this. */
    private final List<Run> runs = new ArrayList<>();
    private volatile Status status = Status.RUNNING;
    private volatile Instant finishedAt;
    private volatile String error;

    private RunSeries(String id, String kind, List<Step> steps, Options<P> options, LoadEngine engine,
            LoadEngine.Reservation reservation) {
        super(id, "series");
        this.kind = kind;
        this.steps = steps;
        this.options = options;
        this.engine = engine;
        this.reservation = reservation;
    }

    /**
     * Reserves the bench and starts running {@code steps} in order, each after the previous one
     * finished, and remembers the series in {@code history}. Through {@link Bench} only.
     *
     * @param kind what the series is, e.g. {@code "compare"} or {@code "sweep"}; kept for listings
     * @throws RunInProgressException if a run or another series holds the bench
     * @throws IllegalArgumentException if there is no step
     */
    static <P> RunSeries<P> start(LoadEngine engine, RunSeriesHistory history, String kind, List<Step> steps,
            Options<P> options) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a series needs at least one step");
        }
        List<Step> copy = List.copyOf(steps);
        return history.begin(id -> new RunSeries<>(id, kind, copy, options, engine, engine.reserve(id)));
    }

    public String kind() {
        return kind;
    }

    public List<Step> steps() {
        return steps;
    }

    /**
     * Once the series ended, with {@code thresholds} in its steps' spec: passed when every step's run passed
     * (a step that did not run fails; warm-up steps are not reported, so not judged either); else null.
     */
    public Verdict verdict() {
        if (!status().isTerminal() || steps.get(0).spec().thresholds().isEmpty()) {
            return null;
        }
        Map<String, Verdict> byStep = new LinkedHashMap<>();
        List<StepResult> done = results();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            if (!step.warmup()) {
                Verdict v = i < done.size() ? done.get(i).report().verdict() : null;
                byStep.put(step.label() + " (round " + step.round() + ")", v != null ? v : Verdict.failed("did not run"));
            }
        }
        return Verdict.all(byStep);
    }

    /** What the caller started the series from ({@link Options#plan()}), or null. */
    public P plan() {
        return options.plan();
    }

    public Status status() {
        return status;
    }

    /**
     * The longest the series lasts, announced: every step's {@link RunSpec#endsWithin()} (warm-up steps
     * included) and the pauses between them. Each run keeps its own bound, so the series keeps this one.
     */
    public Duration endsWithin() {
        Duration total = options.pause().multipliedBy(steps.size() - 1);
        for (Step step : steps) {
            total = total.plus(step.spec().endsWithin());
        }
        return total;
    }

    /** Null while running. */
    public Instant finishedAt() {
        return finishedAt;
    }

    /** Why the series FAILED, else null. */
    public String error() {
        return error;
    }

    /** The steps started so far, in order (warm-up steps included), each with its run's latest report. */
    public synchronized List<StepResult> results() {
        List<StepResult> out = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            out.add(new StepResult(steps.get(i).label(), steps.get(i).round(), run.id(), run.report()));
        }
        return Collections.unmodifiableList(out);
    }

    /** How many steps were started so far (warm-up steps included): cheap, no report is built. */
    public synchronized int startedSteps() {
        return runs.size();
    }

    /** The run in progress, if any. */
    public synchronized Optional<Run> current() {
        if (runs.isEmpty() || status.isTerminal()) {
            return Optional.empty();
        }
        Run last = runs.get(runs.size() - 1);
        return last.report().status().isTerminal() ? Optional.empty() : Optional.of(last);
    }

    /** Cancels the current run and skips the remaining steps. */
    @Override
    public void cancel() {
        super.cancel();
        current().ifPresent(Run::cancel);
    }

    /** Completes {@link #finished()} (with this series) once it is DONE, CANCELLED or FAILED, its reservation released. */
    @Override
    protected void execute() {
        Status end = Status.DONE;
        try {
            for (int i = 0; i < steps.size(); i++) {
                Step step = steps.get(i);
                if (i > 0 && !options.pause().isZero()) {
                    awaitCancel(System.nanoTime() + options.pause().toNanos());
                }
                if (cancelRequested()) {
                    break;
                }
                Run run;
                synchronized (this) {
                    run = engine.start(reservation, RunRequest.of(step.spec(), Bench.TRIGGER_API), step.source());
                    runs.add(run);
                }
                if (cancelRequested()) { // cancel() may have looked for the current run just before it was added
                    run.cancel();
                }
                RunReport report = run.finished().join();
                if (options.stopUnlessDone() && report.status() != RunStatus.DONE) {
                    if (report.status() != RunStatus.CANCELLED) {
                        error = "step " + (i + 1) + " (" + step.label() + ") ended " + report.status()
                                + (report.error() == null ? "" : ": " + report.error());
                        end = Status.FAILED;
                    } else {
                        end = Status.CANCELLED;
                    }
                    break;
                }
            }
            if (cancelRequested()) {
                end = Status.CANCELLED;
            }
        } catch (Throwable t) {
            LOG.warnf(t, "bench series %s failed", id());
            error = t.getClass().getSimpleName() + ": " + t.getMessage();
            end = Status.FAILED;
        } finally {
            steps = steps.stream().map(Step::released).toList();
            reservation.close();
            finishedAt = Instant.now();
            status = end;
            end(this);
        }
    }
}
