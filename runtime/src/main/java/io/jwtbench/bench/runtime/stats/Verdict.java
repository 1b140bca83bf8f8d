package io.jwtbench.bench.runtime.stats;

import io.jwtbench.bench.runtime.plan.Percentile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.jwtbench.bench.runtime.plan.Thresholds;

/**
 * A run judged against its {@link Thresholds}: passed, or failed with every violated threshold in
 * words ({@code p99 12.5 ms > max-p99 10 ms}). The one judge: runs, compares, sweeps, fleets and the
 * start-up smoke bench all say it the same way. Pure: every figure comes from the report. Its JSON is
 * {@code {"result": "passed"|"failed", "reasons": [..]}}.
 *
 * @param reasons empty when passed
 */
@JsonPropertyOrder({ "result", "reasons" })
public record Verdict(@JsonIgnore boolean passed, List<String> reasons) {
    public static final String SECTION = "verdict";

    public Verdict {
        reasons = List.copyOf(reasons);
    }

    /** From its JSON: {@code result} "passed" passes, anything else fails. */
    @JsonCreator
    static Verdict read(@JsonProperty("result") String result, @JsonProperty("reasons") List<String> reasons) {
        return new Verdict("passed".equals(result), reasons == null ? List.of() : reasons);
    }

    public static Verdict judge(RunReport report, Thresholds t) {
        return of(checks(report, t));
    }

    /**
     * @param latencyMs a latency figure by its report name ({@code p99}), NaN when nothing was measured
     * @param errorRate as {@link #errorRate(RunReport)}
     */
    public static Verdict judge(long requests, double rps, ToDoubleFunction<Percentile> latencyMs, double errorRate,
            Thresholds t) {
        return of(checks(requests, rps, latencyMs, errorRate, t));
    }

    /** Failed with the violations of the checks that failed, in their order; passed when none did. */
    private static Verdict of(List<Check> checks) {
        return new Verdict(checks.stream().allMatch(c -> c.outcome() != Check.Outcome.FAILED),
                checks.stream().filter(c -> c.outcome() == Check.Outcome.FAILED).map(Check::detail).toList());
    }

    /**
     * One limit held against a run, as a CI report lists it (one test case each): its name as a caller reads it
     * ({@code p99 <= 10 ms}), and what came of it.
     *
     * @param detail the violation in words when FAILED, why it was not judged when SKIPPED, the figure when PASSED
     */
    public record Check(String name, Outcome outcome, String detail) {
        public enum Outcome {
            PASSED, FAILED, SKIPPED
        }
    }

    /**
     * Every check of {@code t} against the report, in the order the verdict's reasons read: that the run ended
     * DONE (else every other check is skipped) and answered requests (else the limits on what it measured are
     * skipped), then each limit given.
     */
    public static List<Check> checks(RunReport report, Thresholds t) {
        if (report.status() != RunStatus.DONE) {
            List<Check> checks = new ArrayList<>();
            checks.add(new Check("run ended DONE", Check.Outcome.FAILED, "run " + report.id() + " ended "
                    + report.status() + (report.error() != null ? ": " + report.error() : "")));
            checks.addAll(checks(0, 0, key -> Double.NaN, Double.NaN, t).stream()
                    .map(c -> new Check(c.name(), Check.Outcome.SKIPPED, "the run did not end DONE")).toList());
            checks.addAll(regressionChecks(report.regression()));
            return checks;
        }
        LatencyStats l = report.latency();
        long requests = report.measured() == null ? 0 : report.measured().requests();
        double rps = report.measured() == null ? 0 : report.measured().rps();
        List<Check> checks = new ArrayList<>();
        checks.add(new Check("run ended DONE", Check.Outcome.PASSED, "run " + report.id() + " ended DONE"));
        checks.addAll(checks(requests, rps, p -> l == null || l.count() == 0 ? Double.NaN : l.at(p),
                errorRate(report), t));
        checks.addAll(regressionChecks(report.regression()));
        return checks;
    }

    /**
     * One check per metric of a {@link Regression} (none without one): failed when it is slower than the
     * baseline beyond the tolerance, skipped when it was not judged, is inconclusive or the runs are not comparable.
     */
    static List<Check> regressionChecks(Regression g) {
        if (g == null) {
            return List.of();
        }
        String against = " vs baseline " + g.baselineId();
        if (g.verdict() == Regression.Outcome.NOT_COMPARABLE) {
            return List.of(new Check("comparable" + against, Check.Outcome.SKIPPED, String.join("; ", g.notComparable())));
        }
        List<Check> checks = new ArrayList<>();
        for (Regression.Change c : g.changes()) {
            String name = c.metric() + against;
            if (c.changePercent() == null) {
                checks.add(new Check(name, Check.Outcome.SKIPPED, c.note()));
                continue;
            }
            String detail = String.format(Locale.ROOT, "%s %s → %s %s, %+.1f %% [%+.1f, %+.1f] at %.0f %% confidence",
                    c.metric(), fmt(orNaN(c.baseline())), fmt(orNaN(c.current())), c.unit(), c.changePercent(), c.low(), c.high(),
                    100 * g.confidence());
            checks.add(switch (c.verdict()) {
                case SLOWER -> new Check(name, Check.Outcome.FAILED, detail + ": slower than baseline " + g.baselineId()
                        + " beyond the " + fmt(g.tolerancePercent()) + " % tolerance");
                case INCONCLUSIVE -> new Check(name, Check.Outcome.SKIPPED, detail + ": inconclusive, " + c.note());
                default -> new Check(name, Check.Outcome.PASSED, detail + ": " + c.verdict().label());
            });
        }
        return checks;
    }

    static List<Check> checks(long requests, double rps, ToDoubleFunction<Percentile> latencyMs, double errorRate,
            Thresholds t) {
        List<Check> checks = new ArrayList<>();
        boolean answered = requests > 0;
        checks.add(answered ? new Check("requests answered", Check.Outcome.PASSED, requests + " requests")
                : new Check("requests answered", Check.Outcome.FAILED, "no request was answered in the measured phase"));
        for (Map.Entry<Percentile, Double> max : t.maxLatencyMs().entrySet()) {
            String name = max.getKey() + " <= " + fmt(max.getValue()) + " ms";
            double v = latencyMs.applyAsDouble(max.getKey());
            checks.add(!answered ? skipped(name)
                    : v <= max.getValue() ? new Check(name, Check.Outcome.PASSED, max.getKey() + " " + fmt(v) + " ms")
                    : new Check(name, Check.Outcome.FAILED, max.getKey() + " " + fmt(v) + " ms > max-" + max.getKey()
                            + " " + fmt(max.getValue()) + " ms"));
        }
        if (t.checksRps()) {
            String name = "rps >= " + fmt(t.minRps());
            checks.add(!answered ? skipped(name)
                    : rps >= t.minRps() ? new Check(name, Check.Outcome.PASSED, "rps " + fmt(rps))
                    : new Check(name, Check.Outcome.FAILED, "rps " + fmt(rps) + " < min-rps " + fmt(t.minRps())));
        }
        if (t.checksErrorRate()) {
            String name = "error rate <= " + fmt(t.maxErrorRate());
            checks.add(Double.isNaN(errorRate) ? new Check(name, Check.Outcome.SKIPPED, "nothing was attempted")
                    : errorRate <= t.maxErrorRate() ? new Check(name, Check.Outcome.PASSED, "error rate " + fmt(errorRate))
                    : new Check(name, Check.Outcome.FAILED, "error rate " + fmt(errorRate) + " > max-error-rate "
                            + fmt(t.maxErrorRate())));
        }
        return checks;
    }

    private static Check skipped(String name) {
        return new Check(name, Check.Outcome.SKIPPED, "nothing was measured");
    }

    /** Passed when every one passed; the reasons of the failed ones, each prefixed with its label. */
    public static Verdict all(Map<String, Verdict> byLabel) {
        List<String> reasons = new ArrayList<>();
        byLabel.forEach((label, v) -> v.reasons().forEach(r -> reasons.add(label + ": " + r)));
        return new Verdict(reasons.isEmpty(), reasons);
    }

    public static Verdict failed(String reason) {
        return new Verdict(false, List.of(reason));
    }

    /**
     * Failed requests (errors of any kind plus unexpected successes) over attempted requests (answers
     * plus failures without an answer); NaN when nothing was attempted.
     */
    public static double errorRate(RunReport report) {
        long requests = report.measured() == null ? 0 : report.measured().requests();
        ErrorCounts e = report.errors();
        long attempted = requests + e.connect() + e.timeout() + e.reset();
        long failed = e.total() + report.unexpectedSuccesses();
        return attempted == 0 ? Double.NaN : (double) failed / attempted;
    }

    /** "passed" or "failed". */
    @JsonProperty("result")
    public String result() {
        return passed ? "passed" : "failed";
    }

    /** The reasons in one line; null when passed. */
    public String reason() {
        return passed ? null : String.join("; ", reasons);
    }

    /** The last line of a text summary, for a CI job's {@code tail -1}. */
    public String line() {
        return passed ? "verdict: passed" : "verdict: failed: " + reason();
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }

    /** Plain numbers for reasons: up to 4 decimals, no trailing zeros, "n/a" when unknown. */
    public static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        String s = String.format(Locale.ROOT, "%.4f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
