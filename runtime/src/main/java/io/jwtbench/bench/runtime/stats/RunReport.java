package io.jwtbench.bench.runtime.stats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.plan.LoadModel;


/**
 * Everything known about a run at one moment, immutable. Every API answer is a rendering of one of
 * these. Sections that do not exist yet (or for this model) are null: {@code measured} and the latency
 * sections appear once measurement started, {@code progress} only while the run is not finished,
 * {@code uncorrectedLatency} only for the open model, {@code error} only for FAILED runs.
 *
 * @param loadModel how the run loaded its target (reported as {@code loadModel})
 * @param endpoint where the first request of the run goes, for humans
 * @param sections the built-in sections, typed
 * @param extensions sections of the application's own {@code RunExtension}s, by section name
 */
public record RunReport(String id, RunStatus status, String target, LoadModel loadModel, String endpoint,
        Map<String, Object> spec, Map<String, Object> options, Instant startedAt, Instant finishedAt, Warmup warmup,
        Measured measured, LatencyStats latency, LatencyStats uncorrectedLatency, ErrorCounts errors,
        long expectedRejections, long unexpectedSuccesses, GeneratorStats generator, List<SecondStats> timeSeries,
        Progress progress, String error, Sections sections, Map<String, Object> extensions) {

    /**
     * The warm-up phase, excluded from every other figure.
     *
     * @param auto {@code "warmup": "auto"}: it ended when the JVM was quiet (or at its bound)
     * @param stoppedBecause why an automatic warm-up ended, in words; null for a fixed one
     */
    public record Warmup(double durationSeconds, long requests, double rps, boolean auto, String stoppedBecause) {
        public Warmup(double durationSeconds, long requests, double rps) {
            this(durationSeconds, requests, rps, false, null);
        }
    }

    /** The measured phase. {@code durationSeconds} is the actual, not the requested, duration. */
    public record Measured(double durationSeconds, long requests, double rps, long bytesRead) {
    }

    public RunReport {
        spec = frozen(spec);
        options = frozen(options);
        timeSeries = timeSeries == null ? List.of() : List.copyOf(timeSeries);
        sections = sections == null ? Sections.NONE : sections;
        extensions = frozen(extensions);
    }

    /** The judgement against the spec's {@code thresholds}, once finished; null without thresholds. */
    public Verdict verdict() {
        return sections.get(Verdict.class);
    }

    /** The run held against a baseline report, once finished; null without a baseline. */
    public Regression regression() {
        return sections.get(Regression.class);
    }

    /** Where each request's time went on the server, when the run recorded it ({@code "breakdown": true}); null otherwise. */
    public Breakdown breakdown() {
        return sections.get(Breakdown.class);
    }

    /** What the JVM did over the measured phase; null for a run that measured nothing. */
    public Jvm jvm() {
        return sections.get(Jvm.class);
    }

    /** What the kernel's TCP counters rose by over the measured window (Linux); null elsewhere. */
    public Kernel kernel() {
        return sections.get(Kernel.class);
    }

    /** The generator's connections: scheme, protocol, TLS handshakes; null in a report from before it existed. */
    public TransportFacts transport() {
        return sections.get(TransportFacts.class);
    }

    /** Whether the JVM was steady while the run measured; null for a run that measured nothing. */
    public Steadiness steadiness() {
        return sections.get(Steadiness.class);
    }

    /** The CPU profile by component, when the run measured one; null otherwise. */
    public Profile profile() {
        Profile p = sections.get(Profile.class);
        return p != null && p.measured() ? p : null;
    }

    /**
     * Combines the reports of the same load run concurrently by several generators (e.g. one per
     * pod): counts, rates and CPU add up, latencies merge exactly through the histograms, the time
     * series adds up second by second (its percentiles become unknown). Both must be finished and
     * measured. What each process measured of itself (JVM, profile, breakdown, kernel, steadiness) does
     * not add up: the merge has none of those sections, each process's report keeps its own.
     *
     * <p>Fleet runs ({@code fleet/Fleet}) merge their pods' reports with it; {@code RunReportMergeTest} keeps it exact.
     */
    public RunReport merge(RunReport o) {
        if (measured == null || o.measured == null || latency == null || o.latency == null) {
            throw new IllegalArgumentException("only measured reports merge");
        }
        Measured m = new Measured(Math.max(measured.durationSeconds, o.measured.durationSeconds),
                measured.requests + o.measured.requests, measured.rps + o.measured.rps,
                measured.bytesRead + o.measured.bytesRead);
        Warmup w = warmup == null || o.warmup == null ? null
                : new Warmup(Math.max(warmup.durationSeconds, o.warmup.durationSeconds),
                        warmup.requests + o.warmup.requests, warmup.rps + o.warmup.rps);
        LatencyStats uncorrected = uncorrectedLatency == null || o.uncorrectedLatency == null ? null
                : uncorrectedLatency.merge(o.uncorrectedLatency);
        Map<String, Object> ext = new LinkedHashMap<>(extensions);
        o.extensions.forEach(ext::putIfAbsent);
        return new RunReport(id + "+" + o.id, worse(status, o.status), target, loadModel, endpoint, spec, options,
                earlier(startedAt, o.startedAt), later(finishedAt, o.finishedAt), w, m, latency.merge(o.latency),
                uncorrected, errors.plus(o.errors), expectedRejections + o.expectedRejections,
                unexpectedSuccesses + o.unexpectedSuccesses,
                generator == null || o.generator == null ? null : generator.plus(o.generator),
                mergeSeries(timeSeries, o.timeSeries), null, error != null ? error : o.error, sections.merged(), ext);
    }

    /** Keeps the order (it is the JSON order) and tolerates JSON nulls, unlike Map.copyOf. */
    private static Map<String, Object> frozen(Map<String, Object> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    private static List<SecondStats> mergeSeries(List<SecondStats> a, List<SecondStats> b) {
        List<SecondStats> out = new ArrayList<>();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            if (i < a.size() && i < b.size()) {
                out.add(a.get(i).plus(b.get(i)));
            } else {
                SecondStats only = i < a.size() ? a.get(i) : b.get(i);
                out.add(new SecondStats(only.second(), only.requests(), only.rps(), Double.NaN, Double.NaN,
                        Double.NaN, only.errors()));
            }
        }
        return out;
    }

    private static RunStatus worse(RunStatus a, RunStatus b) {
        return a.ordinal() >= b.ordinal() ? a : b;
    }

    private static Instant earlier(Instant a, Instant b) {
        return a == null ? b : b == null ? a : a.isBefore(b) ? a : b;
    }

    private static Instant later(Instant a, Instant b) {
        return a == null ? b : b == null ? a : a.isAfter(b) ? a : b;
    }
}
