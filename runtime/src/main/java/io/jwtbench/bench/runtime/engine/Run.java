package io.jwtbench.bench.runtime.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import org.HdrHistogram.Histogram;
import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.engine.load.LoadDriver;
import io.jwtbench.bench.runtime.plan.Schedule;
import io.jwtbench.bench.runtime.engine.transport.Generator;
import io.jwtbench.bench.runtime.engine.transport.RunTransport;
import io.jwtbench.bench.runtime.observe.JvmActivity;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.observe.SteadyRules;
import io.jwtbench.bench.runtime.observe.SteadyState;
import io.jwtbench.bench.runtime.plan.Durations;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.spi.ExportedRequest;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.spi.RunOutcome;
import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.GeneratorStats;
import io.jwtbench.bench.runtime.stats.LatencyRecording;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.Measurement;
import io.jwtbench.bench.runtime.stats.Progress;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.SecondStats;
import io.jwtbench.bench.runtime.stats.Tally;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * One run, from QUEUED to its end. {@link #execute()} is the whole life of the run, on its own
 * (virtual) thread: it alone moves the {@link RunStatus}, drains the histograms once a second and
 * publishes an immutable {@link RunReport} after every step. Everyone else only reads
 * {@link #report()} or asks to {@link #cancel()}.
 */
public final class Run implements Started {
    private static final Logger LOG = Logger.getLogger(Run.class);
    private static final long SECOND = 1_000_000_000L;

    private final String id;
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
    private final List<RunExtension> extensions;
    private final IntSupplier port;
    private final int eventLoopCount;
    private final SteadyRules steadyRules;
    private final Instant startAt;
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final CompletableFuture<RunReport> finished = new CompletableFuture<>();
    private volatile RunReport report;

    // owned by the orchestrating thread
    private RunStatus status = RunStatus.QUEUED;
    private final Instant createdAt = Instant.now();
    private String endpoint;
    private Measurement measurement;
    /** The measured phase, once measurement started. */
    private Measurement.Phase phase;
    private RunReport.Warmup warmup;
    private long measureStartNanos;
    private final Histogram latency = LatencyRecording.newHistogram();
    private final Histogram uncorrected = LatencyRecording.newHistogram();
    private final List<SecondStats> timeSeries = new ArrayList<>();
    private long errorsSoFar;
    private RunReport.Measured measured;
    private GeneratorStats generatorStats;
    private final Map<String, Object> sections = new LinkedHashMap<>();
    /** JVM activity readings at the start and end of measurement, for the steady-state verdict. */
    private JvmActivity activityAtStart;
    private JvmActivity activityAtEnd;

    /**
     * @param trigger who started the run ({@code api}, {@code smoke}); reported as the {@code trigger} section
     * @param startAt when to start sending (QUEUED until then); null: at once
     */
    Run(String id, RunSpec spec, RequestSource source, List<RunExtension> extensions, IntSupplier port,
            int eventLoopCount, SteadyRules steadyRules, String trigger, Instant startAt) {
        this.startAt = startAt;
        if (startAt != null) {
            sections.put("startAt", startAt.toString());
        }
        if (trigger != null) {
            sections.put("trigger", trigger);
        }
        this.id = id;
        this.spec = spec;
        this.source = source;
        this.exported = source.exported();
        this.description = source.describe();
        this.schedule = spec.loadModel().schedule(spec.warmup(), spec.duration());
        this.extensions = extensions;
        this.port = port;
        this.eventLoopCount = eventLoopCount;
        this.steadyRules = steadyRules;
        publish(null, null);
    }

    @Override
    public String id() {
        return id;
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

    /** Completes with the final report (DONE, CANCELLED or FAILED). */
    @Override
    public CompletableFuture<RunReport> finished() {
        return finished;
    }

    /** Asks the run to stop sending; it then finishes as CANCELLED with what it measured. */
    @Override
    public void cancel() {
        cancelled.countDown();
    }

    boolean isCancelRequested() {
        return cancelled.getCount() == 0;
    }

    /** The life of the run. Never throws: any failure ends the run as FAILED with a message. */
    void execute() {
        Generator generator = null;
        LoadDriver driver = null;
        List<Active> observations = List.of();
        long cpuAtStart = 0;
        long processCpuAtStart = 0;
        try {
            if (startAt != null) {
                awaitCancel(System.nanoTime() + Math.max(0, Duration.between(Instant.now(), startAt).toNanos()));
            }
            if (isCancelRequested()) {
                finish(RunStatus.CANCELLED, null);
                return;
            }
            int targetPort = port.getAsInt();
            endpoint = "http://" + RunTransport.HOST + ":" + targetPort + source.next(0).path();
            generator = Generator.start(eventLoopCount, spec.loadModel().connections(), spec.timeout());
            measurement = new Measurement();
            driver = LoadDriver.of(schedule, new RunTransport(generator, targetPort, spec.timeout(), measurement),
                    source);

            // The measured window opens at the phase switch and nowhere else: the slow readings (a JFR
            // recording's start can stall the JVM for tens of ms on a busy machine, the MX beans take ms)
            // come before it, or an open model's requests due in that gap would be counted in a window
            // whose length excludes them. Without a warm-up they even come before the first request.
            long start = 0;
            String warmupEnd = null;
            if (!spec.warmup().isZero()) {
                start = System.nanoTime();
                driver.start(start);
                warmupEnd = warmUp(start);
            }
            observations = begin();
            activityAtStart = JvmActivity.now();
            cpuAtStart = generator.cpuNanos() + driver.cpuNanos();
            processCpuAtStart = Generator.processCpuNanos();
            if (spec.warmup().isZero()) {
                start = System.nanoTime();
                driver.start(start);
            }
            measureStartNanos = System.nanoTime();
            // measurement starts: what warm-up recorded stays in its own phase
            RunReport.Warmup warm = warmupResult(measurement.nextPhase(), start, spec.autoWarmup(), warmupEnd);
            phase = measurement.current();
            if (!spec.warmup().isZero()) {
                warmup = warm;
            }
            if (isCancelRequested()) { // during warm-up: nothing measured
                driver.stop();
                phase = null;
                end(observations);
                finish(RunStatus.CANCELLED, null);
                return;
            }
            moveTo(RunStatus.RUNNING);
            publish(progress(), null);

            long end = measureStartNanos + spec.duration().toNanos();
            driver.endAt(end);
            long nextTick = measureStartNanos + SECOND;
            while (true) {
                boolean stop = awaitCancel(Math.min(nextTick, end));
                long now = System.nanoTime();
                if (stop || now >= end) {
                    break;
                }
                collectSecond(1.0);
                nextTick += SECOND;
                publish(progress(), null);
            }
            long stoppedAt = Math.min(System.nanoTime(), end); // the window's end (earlier when cancelled)
            if (!driver.closeWindow(stoppedAt)) {
                LOG.debugf("bench run %s: requests still in flight after the timeout at the window's close", id);
            }
            driver.stop();
            activityAtEnd = JvmActivity.now();
            measurement.close(); // from here on, the phase's histogram and counters are final
            double lastSecond = (stoppedAt - measureStartNanos - timeSeries.size() * SECOND) / (double) SECOND;
            if (lastSecond > 0.001) {
                collectSecond(Math.min(1.0, lastSecond));
            }
            conclude(stoppedAt, generator.cpuNanos() + driver.cpuNanos() - cpuAtStart,
                    Generator.processCpuNanos() - processCpuAtStart);
            end(observations);
            judgeSteadiness();
            finish(isCancelRequested() ? RunStatus.CANCELLED : RunStatus.DONE, null);
        } catch (Throwable t) {
            LOG.warnf(t, "bench run %s failed", id);
            if (status.isTerminal()) {
                return;
            }
            if (driver != null) {
                driver.stop();
            }
            if (phase != null && measured == null) {
                measurement.close();
                conclude(System.nanoTime(), 0, 0);
            }
            end(observations);
            finish(RunStatus.FAILED, t.getClass().getSimpleName() + ": " + t.getMessage());
        } finally {
            if (generator != null) {
                generator.close();
            }
            source = null;
        }
    }

    /**
     * The warm-up phase: for its fixed duration, or ({@code "warmup": "auto"}) until the last
     * {@link SteadyRules#window()} seconds were quiet and stable by the same rules that judge the
     * measured phase, at most {@code spec.warmup()}.
     *
     * @return why an automatic warm-up ended, in words; null for a fixed one
     */
    private String warmUp(long start) throws InterruptedException {
        moveTo(RunStatus.WARMUP);
        publish(new Progress("warmup", 0, 0, 0, Double.NaN, Double.NaN), null);
        long end = start + spec.warmup().toNanos();
        long lastResponses = 0;
        long lastTick = start;
        long nextTick = start + SECOND;
        ArrayDeque<JvmActivity> readings = new ArrayDeque<>();
        ArrayDeque<Double> rps = new ArrayDeque<>();
        readings.add(JvmActivity.now());
        List<String> unquiet = List.of("not one full second warmed up");
        while (!awaitCancel(Math.min(nextTick, end)) && System.nanoTime() < end) {
            nextTick += SECOND;
            long now = System.nanoTime();
            long responses = measurement.current().tally.responses();
            double perSecond = (responses - lastResponses) * (double) SECOND / Math.max(1, now - lastTick);
            publish(new Progress("warmup", (now - start) / (double) SECOND, responses, perSecond, Double.NaN,
                    Double.NaN), null);
            lastResponses = responses;
            lastTick = now;
            if (!spec.autoWarmup()) {
                continue;
            }
            readings.add(JvmActivity.now());
            rps.add(perSecond);
            if (rps.size() > steadyRules.window()) {
                rps.removeFirst();
                readings.removeFirst();
            }
            if (rps.size() == steadyRules.window()) {
                JvmActivity window = readings.getLast().since(readings.getFirst());
                double[] values = rps.stream().mapToDouble(Double::doubleValue).toArray();
                unquiet = SteadyState.unquiet(window, values, steadyRules);
                if (unquiet.isEmpty()) {
                    return String.format(Locale.ROOT,
                            "quiet after %.1f s: the last %d s had %d ms of JIT compile time, %d classes loaded, "
                                    + "throughput cv %.1f %%",
                            (now - start) / (double) SECOND, values.length, Math.max(0, window.compileMillis()),
                            window.classesLoaded(), 100 * SteadyState.cv(values));
                }
            }
        }
        if (!spec.autoWarmup()) {
            return null;
        }
        return isCancelRequested() ? "cancelled"
                : "bound of " + Durations.format(spec.warmup())
                        + " reached, not quiet yet: " + String.join("; ", unquiet);
    }

    private static RunReport.Warmup warmupResult(Measurement.Phase ended, long start, boolean auto, String why) {
        double seconds = (System.nanoTime() - start) / (double) SECOND;
        long requests = ended.latency.takeInterval().getTotalCount();
        return new RunReport.Warmup(seconds, requests, seconds > 0 ? requests / seconds : 0, auto, why);
    }

    /**
     * The {@code steady} section: what the JVM did during the measured phase (the readings around it),
     * JFR's compilation and deoptimization counts when the run streamed JFR, and the per-second
     * throughput of its full seconds.
     */
    private void judgeSteadiness() {
        if (activityAtStart == null || activityAtEnd == null || measured == null) {
            return;
        }
        int full = (int) Math.min(timeSeries.size(), Math.floor(measured.durationSeconds() + 0.01));
        double[] rps = timeSeries.subList(0, full).stream().mapToDouble(SecondStats::rps).toArray();
        Map<?, ?> jit = JvmFacts.jit(sections.get(JvmFacts.SECTION));
        sections.put(SteadyState.SECTION, SteadyState.judge(activityAtStart, activityAtEnd, rps,
                jit.get("compilations") instanceof Number n ? n.longValue() : null,
                jit.get("deoptimizations") instanceof Number n ? n.longValue() : null, steadyRules));
    }

    /** Drains one interval of the recordings into the totals and the time series. */
    private void collectSecond(double seconds) {
        Histogram interval = phase.latency.takeInterval();
        latency.add(interval);
        uncorrected.add(phase.uncorrected.takeInterval()); // empty without a schedule
        long errors = phase.tally.errors().total();
        long count = interval.getTotalCount();
        timeSeries.add(new SecondStats(timeSeries.size() + 1, count, count / seconds, percentileMs(interval, 50),
                percentileMs(interval, 90), percentileMs(interval, 99), errors - errorsSoFar));
        errorsSoFar = errors;
    }

    private void conclude(long stoppedAt, long generatorCpu, long processCpu) {
        double seconds = (stoppedAt - measureStartNanos) / (double) SECOND;
        Tally t = phase.tally;
        long requests = latency.getTotalCount();
        measured = new RunReport.Measured(seconds, requests, seconds > 0 ? requests / seconds : 0, t.bytesRead());
        Histogram lag = phase.scheduleLag.takeInterval(); // the whole phase: never drained before
        generatorStats = new GeneratorStats(generatorCpu / (double) SECOND,
                processCpu > 0 ? (double) generatorCpu / processCpu : 0, eventLoopCount, t.lateStarts(),
                t.maxScheduleLagNanos() / 1e6, t.meanScheduleLagNanos() / 1e6, t.connectionWaitNanos() / 1e6,
                percentileMs(lag, 50), percentileMs(lag, 99), t.inFlightAtStop(), t.unsentAtStop());
    }

    private Progress progress() {
        SecondStats last = timeSeries.isEmpty() ? null : timeSeries.get(timeSeries.size() - 1);
        return new Progress("running", (System.nanoTime() - measureStartNanos) / (double) SECOND,
                latency.getTotalCount(),
                last == null ? 0 : last.rps(), last == null ? Double.NaN : last.p50(),
                last == null ? Double.NaN : last.p99());
    }

    private boolean awaitCancel(long untilNanos) throws InterruptedException {
        long wait = untilNanos - System.nanoTime();
        return wait <= 0 ? isCancelRequested() : cancelled.await(wait, TimeUnit.NANOSECONDS);
    }

    private void moveTo(RunStatus next) {
        if (!status.canMoveTo(next)) {
            throw new IllegalStateException("run " + id + " cannot go from " + status + " to " + next);
        }
        status = next;
    }

    private void finish(RunStatus end, String error) {
        moveTo(end);
        publish(null, error);
        if (!spec.thresholds().isEmpty()) {
            sections.put(Verdict.SECTION, Verdict.judge(report, spec.thresholds()));
            publish(null, error);
        }
        finished.complete(report);
    }

    private void publish(Progress progress, String error) {
        boolean measuring = phase != null;
        Tally t = measuring ? phase.tally : null;
        report = new RunReport(id, status, spec.target(), spec.loadModel(), endpoint, spec.echo(),
                description, createdAt, status.isTerminal() ? Instant.now() : null, warmup, measured,
                measuring ? LatencyStats.of(latency) : null,
                measuring && schedule.isPresent() ? LatencyStats.of(uncorrected) : null,
                measuring ? t.errors() : ErrorCounts.NONE, measuring ? t.expectedRejections() : 0,
                measuring ? t.unexpectedSuccesses() : 0, generatorStats, timeSeries,
                status.isTerminal() ? null : progress, error, sections);
    }

    private record Active(RunExtension extension, RunExtension.Observation observation) {
    }

    private List<Active> begin() {
        List<Active> active = new ArrayList<>();
        RunContext context = new RunContext(id, spec.target(), source.next(0).path(), spec.breakdown(), spec.jfr(),
                spec.profile());
        for (RunExtension e : extensions) {
            try {
                active.add(new Active(e, e.begin(context)));
            } catch (RuntimeException ex) {
                sections.put(e.section(), Map.of("error", String.valueOf(ex.getMessage())));
            }
        }
        return active;
    }

    private void end(List<Active> active) {
        for (Active a : active) {
            try {
                Object section = a.observation().end(new RunOutcome(measured == null ? 0 : measured.requests(),
                        measured == null ? 0 : measured.durationSeconds(), measured == null ? null : LatencyStats.of(latency),
                        generatorStats));
                if (section != null) {
                    sections.put(a.extension().section(), section);
                }
            } catch (RuntimeException ex) {
                sections.put(a.extension().section(), Map.of("error", String.valueOf(ex.getMessage())));
            }
        }
    }

    private static double percentileMs(Histogram h, double p) {
        return h.getTotalCount() == 0 ? Double.NaN : LatencyStats.ms(h.getValueAtPercentile(p));
    }
}
