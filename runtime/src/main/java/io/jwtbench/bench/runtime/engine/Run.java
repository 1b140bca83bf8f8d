package io.jwtbench.bench.runtime.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.engine.load.LoadDriver;
import io.jwtbench.bench.runtime.engine.transport.Generator;
import io.jwtbench.bench.runtime.engine.transport.Endpoint;
import io.jwtbench.bench.runtime.engine.transport.RunTransport;
import io.jwtbench.bench.runtime.observe.JvmActivity;
import io.jwtbench.bench.runtime.observe.SteadyRules;
import io.jwtbench.bench.runtime.observe.SteadyState;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.Schedule;
import io.jwtbench.bench.runtime.server.HandshakeCounter;
import io.jwtbench.bench.runtime.spi.ExportedRequest;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.spi.RunOutcome;
import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.Jvm;
import io.jwtbench.bench.runtime.stats.Measurement;
import io.jwtbench.bench.runtime.stats.Progress;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.Sections;
import io.jwtbench.bench.runtime.stats.Tally;
import io.jwtbench.bench.runtime.stats.TransportFacts;
import io.jwtbench.bench.runtime.stats.Verdict;
import io.jwtbench.bench.runtime.stats.Regression;
import io.jwtbench.bench.runtime.stats.Baseline;

/**
 * One run, from QUEUED to its end. {@link #execute()} is the whole life of the run, on its own
 * thread: it alone moves the {@link RunStatus} and publishes an immutable {@link RunReport} after every
 * step. Everyone else only reads {@link #report()} or asks to {@link #cancel()}. The phases are their
 * own classes: {@link WarmUp}, the {@link MeasuredWindow}, the extensions' {@link Observations}, and the
 * judgement after the run ({@link #judge}); every way out goes through one {@link #tearDown}.
 */
public final class Run extends Lifecycle<RunReport> {
    private static final Logger LOG = Logger.getLogger(Run.class);
    private static final long SECOND = 1_000_000_000L;
    /** The longest a run's end waits for its connections to close on both sides. */
    private static final long CLOSE_NANOS = 3 * SECOND;
    /** What a run keeps of its announced time for its final report, after closing its connections. */
    private static final long REPORT_NANOS = SECOND / 2;

    private final RunSpec spec;
    /**
     * The target's prepared requests, while the run runs; dropped when it ends: a finished run stays in
     * the history with its report only, not with its token pool (tens of MB for a large pool, kept by
     * every run the history remembers).
     */
    private volatile RequestSource source;
    /** {@code source.describe()}, taken once: the report's {@code options} outlive the source. */
    private final Map<String, Object> description;
    /** What the Hyperfoil export may send: taken once, the source is the target's. */
    private final ExportedRequest exported;
    /** When requests are due; empty in the closed model. */
    private final Optional<Schedule> schedule;
    private final Rig rig;
    private final Instant startAt;
    /** What the finished run is held against; null: nothing, and once its regression is judged. */
    private Baseline baseline;
    private volatile RunReport report;

    // owned by the orchestrating thread
    private RunStatus status = RunStatus.QUEUED;
    private String endpoint;
    private Generator generator;
    /** When it began (System.nanoTime), after waiting for its start instant: its announced end counts from here. */
    private long startedNanos;
    private LoadDriver driver;
    private boolean driverStopped;
    private Measurement measurement;
    private Observations observations = Observations.NONE;
    private RunReport.Warmup warmup;
    /** The measured phase, once measurement started. */
    private MeasuredWindow window;
    /** The built-in sections, and the application's extensions' by name. */
    private Sections builtIn = Sections.NONE;
    private final Map<String, Object> extensionSections = new LinkedHashMap<>();
    private final Observations.Sink sink = new Observations.Sink() {
        @Override
        public void section(String name, Object section) {
            Sections typed = builtIn.with(section);
            if (typed != null) {
                builtIn = typed;
            } else {
                extensionSections.put(name, section);
            }
        }

        @Override
        public void failed(String name, String why) {
            if (Sections.builtIn(name)) {
                builtIn = builtIn.failing(name, why);
            } else {
                extensionSections.put(name, Map.of("error", why));
            }
        }
    };
    /** JVM activity readings at the start and end of measurement, for the steady-state verdict. */
    private JvmActivity activityAtStart;
    private JvmActivity activityAtEnd;

    /**
     * What the engine gives each run beside its request and the target's requests.
     *
     * @param extensions what observes it and adds its sections (the application's {@link RunExtension}s)
     * @param endpoint   where its connections go, resolved when it starts sending (the server may bind late)
     * @param eventLoops how many event loops its generator drives
     * @param steadyRules how its warm-up ends and its steadiness is judged
     */
    record Rig(List<RunExtension> extensions, Supplier<Endpoint> endpoint, int eventLoops, SteadyRules steadyRules) {
    }

    /** @param request what to run, when, held against what, and who asked ({@link RunRequest}) */
    Run(String id, RunRequest request, RequestSource source, Rig rig) {
        super(id, "run");
        RunSpec spec = request.spec();
        this.startAt = request.startAt();
        this.baseline = request.baseline();
        this.builtIn = Sections.of(startAt, request.trigger());
        this.spec = spec;
        this.source = source;
        this.exported = source.exported();
        this.description = source.describe();
        this.schedule = spec.loadModel().schedule(spec.warmup(), spec.duration());
        this.rig = rig;
        publish(null, null);
    }

    /** What was asked for. */
    public RunSpec spec() {
        return spec;
    }

    /** The run's request as another load tool should send it: no secrets ({@link ExportedRequest}). */
    public ExportedRequest exportedRequest() {
        return exported;
    }

    /** The latest snapshot: at most a second old while running, final once finished. */
    public RunReport report() {
        return report;
    }

    /**
     * The life of the run. Never throws: any failure ends the run as FAILED with a message. A cancel stops it
     * sending; it then finishes as CANCELLED with what it measured.
     */
    @Override
    protected void execute() {
        RunStatus end = RunStatus.FAILED;
        String error = null;
        try {
            end = measure();
        } catch (Throwable t) {
            LOG.warnf(t, "bench run %s failed", id());
            error = t.getClass().getSimpleName() + ": " + t.getMessage();
        } finally {
            tearDown(end, error);
        }
    }

    /** Waits for the start instant, warms up, measures: how the run ends, unless it throws. */
    private RunStatus measure() throws InterruptedException {
        if (startAt != null) {
            awaitCancel(System.nanoTime() + Math.max(0, Duration.between(Instant.now(), startAt).toNanos()));
        }
        if (cancelRequested()) {
            return RunStatus.CANCELLED;
        }
        startedNanos = System.nanoTime();
        Endpoint to = rig.endpoint().get();
        endpoint = to.url(source.next(0).path());
        generator = Generator.start(rig.eventLoops(), spec.loadModel().connections(), spec.timeout(), to);
        measurement = new Measurement();
        driver = LoadDriver.of(schedule, new RunTransport(generator, to, spec.timeout(), measurement), source);

        // The measured window opens at the phase switch and nowhere else: the slow readings (a JFR
        // recording's start can stall the JVM for tens of ms on a busy machine, the MX beans take ms)
        // come before it, or an open model's requests due in that gap would be counted in a window
        // whose length excludes them. Without a warm-up they even come before the first request.
        long start = 0;
        String warmupEnd = null;
        if (!spec.warmup().isZero()) {
            start = System.nanoTime();
            driver.start(start);
            moveTo(RunStatus.WARMUP);
            warmupEnd = new WarmUp(spec, rig.steadyRules(), cancelSignal(), progress -> publish(progress, null)).run(start, measurement);
        }
        observations = Observations.begin(rig.extensions(), new RunContext(id(), spec.target(), source.next(0).path(),
                spec.breakdown(), spec.jfr(), spec.profile(), spec.transport().tls(), spec.transport().protocol().id()), sink);
        activityAtStart = JvmActivity.now();
        long cpuAtStart = generator.cpuNanos() + driver.cpuNanos();
        long processCpuAtStart = Generator.processCpuNanos();
        if (spec.warmup().isZero()) {
            start = System.nanoTime();
            driver.start(start);
        }
        long measureStart = System.nanoTime();
        HandshakeCounter.Snapshot serverAtStart = to.serverHandshakes() == null ? null : to.serverHandshakes().snapshot();
        // measurement starts: what warm-up recorded stays in its own phase
        RunReport.Warmup warm = WarmUp.result(measurement.nextPhase(), start, spec.autoWarmup(), warmupEnd);
        if (!spec.warmup().isZero()) {
            warmup = warm;
        }
        if (cancelRequested()) { // during warm-up: nothing measured
            return RunStatus.CANCELLED;
        }
        window = new MeasuredWindow(measurement.current(), measureStart, rig.eventLoops());
        moveTo(RunStatus.RUNNING);
        publish(window.progress(), null);

        long end = measureStart + spec.duration().toNanos();
        driver.endAt(end);
        long nextTick = measureStart + SECOND;
        while (true) {
            boolean stop = awaitCancel(Math.min(nextTick, end));
            if (stop || System.nanoTime() >= end) {
                break;
            }
            window.collectSecond(1.0);
            nextTick += SECOND;
            publish(window.progress(), null);
        }
        long stoppedAt = Math.min(System.nanoTime(), end); // the window's end (earlier when cancelled)
        HandshakeCounter.Snapshot server = serverAtStart == null ? null
                : to.serverHandshakes().snapshot().since(serverAtStart);
        if (!driver.closeWindow(stoppedAt)) {
            LOG.debugf("bench run %s: requests still in flight after the timeout at the window's close", id());
        }
        stopDriver();
        activityAtEnd = JvmActivity.now();
        measurement.close(); // from here on, the phase's histogram and counters are final
        window.collectLastSecond(stoppedAt);
        window.conclude(stoppedAt, generator.cpuNanos() + driver.cpuNanos() - cpuAtStart,
                Generator.processCpuNanos() - processCpuAtStart);
        builtIn = builtIn.with(TransportFacts.of(spec.transport(), window.tally(), window.measured().durationSeconds(),
                measurement.negotiated(), to.serverTlsEngine() == null ? null : to.serverTlsEngine().jsonName(),
                server == null ? null : new TransportFacts.ServerHandshakes(server.full(), server.resumed())));
        return cancelRequested() ? RunStatus.CANCELLED : RunStatus.DONE;
    }

    /**
     * Every way out of {@link #execute()}: stop sending, settle what was measured (a failed run keeps
     * what it had), end the observations, judge, publish the final report; always release the
     * connections and the target's requests.
     */
    private void tearDown(RunStatus end, String error) {
        try {
            if (status.isTerminal()) {
                return;
            }
            stopDriver();
            if (window != null && !window.concluded()) { // failed while measuring
                measurement.close();
                window.conclude(System.nanoTime(), 0, 0);
            }
            observations.end(window == null ? new RunOutcome(0, 0, null, null) : window.outcome(), sink);
            closeGenerator(); // the run is over once its connections are, on both sides: the next one measures none of them
            if (end != RunStatus.FAILED) {
                judgeSteadiness();
            }
            moveTo(end);
            // judged before the end is published: until then the bench is still this run's, and no other starts beside it
            if (baseline != null) {
                builtIn = builtIn.with(Regression.of(RunReportJson.published(snapshot(null, error)), baseline.report(),
                        baseline.tolerancePercent()));
            }
            if (!spec.thresholds().isEmpty() || baseline != null) {
                builtIn = builtIn.with(Verdict.judge(snapshot(null, error), spec.thresholds()));
            }
            publish(null, error);
            end(report);
        } catch (RuntimeException e) { // never leave a waiter waiting: it gets the last report published
            LOG.warnf(e, "bench run %s: its end failed", id());
            if (status.isTerminal() && !report.status().isTerminal()) { // a verdict that failed must not keep the bench busy
                try {
                    publish(null, error);
                } catch (RuntimeException again) {
                    LOG.debugf(again, "bench run %s: its end could not be published", id());
                }
            }
            end(report);
        } finally {
            closeGenerator();
            // the history keeps this run for its report: not its requests (the driver holds them too), connections,
            // histograms (the report has them encoded), the extensions' observations or the baseline
            source = null;
            driver = null;
            measurement = null;
            window = null;
            observations = Observations.NONE;
            baseline = null;
        }
    }

    /**
     * Closes the run's connections, waiting for the server to close its side too: up to {@link #CLOSE_NANOS}, and
     * never past the run's announced end ({@link RunSpec#endsWithin()}), which leaves the report its last moments.
     */
    private void closeGenerator() {
        if (generator != null) {
            Generator g = generator;
            generator = null;
            long now = System.nanoTime();
            g.close(Math.min(now + CLOSE_NANOS, Math.max(now, startedNanos + spec.endsWithin().toNanos() - REPORT_NANOS)));
        }
    }

    /** Once: a second stop would release the connections' buffers again. */
    private void stopDriver() {
        if (driver != null && !driverStopped) {
            driverStopped = true;
            driver.stop();
        }
    }

    /**
     * The {@code steady} section: what the JVM did during the measured phase (the readings around it),
     * JFR's compilation and deoptimization counts when the run streamed JFR, and the per-second
     * throughput of its full seconds.
     */
    private void judgeSteadiness() {
        if (activityAtStart == null || activityAtEnd == null || window == null || !window.concluded()) {
            return;
        }
        Jvm jvm = builtIn.get(Jvm.class);
        Jvm.Jit jit = jvm == null ? null : jvm.jit(); // JFR's counts, when it ran
        builtIn = builtIn.with(SteadyState.judge(activityAtStart, activityAtEnd, window.fullSecondsRps(),
                jit == null ? null : jit.compilations(), jit == null ? null : jit.deoptimizations(), rig.steadyRules()));
    }

    private void moveTo(RunStatus next) {
        if (!status.canMoveTo(next)) {
            throw new IllegalStateException("run " + id() + " cannot go from " + status + " to " + next);
        }
        status = next;
    }

    private void publish(Progress progress, String error) {
        report = snapshot(progress, error);
    }

    /** The report as of now, not published. */
    private RunReport snapshot(Progress progress, String error) {
        MeasuredWindow w = window;
        Tally t = w == null ? null : w.tally();
        return new RunReport(id(), status, spec.target(), spec.loadModel(), endpoint, spec.echo(),
                description, startedAt(), status.isTerminal() ? Instant.now() : null, warmup,
                w == null ? null : w.measured(), w == null ? null : w.latency(),
                w != null && schedule.isPresent() ? w.uncorrectedLatency() : null,
                t == null ? ErrorCounts.NONE : t.errors(), t == null ? 0 : t.expectedRejections(),
                t == null ? 0 : t.unexpectedSuccesses(), w == null ? null : w.generator(),
                w == null ? List.of() : w.timeSeries(), status.isTerminal() ? null : progress, error, builtIn, extensionSections);
    }
}
