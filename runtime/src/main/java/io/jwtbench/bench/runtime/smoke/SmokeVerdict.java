package io.jwtbench.bench.runtime.smoke;

import io.jwtbench.bench.runtime.SmokeConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * A finished smoke run judged against the thresholds. Pure: every figure comes from the run's report.
 *
 * @param requests complete answers of the measured phase
 * @param rps measured throughput
 * @param p99Ms corrected p99 latency in ms; NaN when nothing was measured
 * @param errorRate failed requests (errors of any kind plus unexpected successes) over attempted
 *            requests (answers plus failures without an answer); NaN when nothing was attempted
 * @param reason why it failed, every violated threshold; null when passed
 */
public record SmokeVerdict(boolean passed, long requests, double rps, double p99Ms, double errorRate, String reason) {

    /** The thresholds, in the units of the check's data. */
    public record Thresholds(double maxP99Ms, double maxErrorRate, double minRps) {
        public static Thresholds of(SmokeConfig c) {
            return new Thresholds(c.maxP99().toNanos() / 1e6, c.maxErrorRate(), c.minRps());
        }
    }

    public static SmokeVerdict judge(RunReport report, Thresholds t) {
        if (report.status() != RunStatus.DONE) {
            String why = "run " + report.id() + " ended " + report.status()
                    + (report.error() != null ? ": " + report.error() : "");
            return new SmokeVerdict(false, 0, 0, Double.NaN, Double.NaN, why);
        }
        long requests = report.measured() == null ? 0 : report.measured().requests();
        double rps = report.measured() == null ? 0 : report.measured().rps();
        double p99 = report.latency() == null || report.latency().count() == 0 ? Double.NaN : report.latency().p99();
        ErrorCounts e = report.errors();
        long unanswered = e.connect() + e.timeout() + e.reset();
        long attempted = requests + unanswered;
        long failed = e.total() + report.unexpectedSuccesses();
        double errorRate = attempted == 0 ? Double.NaN : (double) failed / attempted;
        return judge(requests, rps, p99, errorRate, t);
    }

    static SmokeVerdict judge(long requests, double rps, double p99Ms, double errorRate, Thresholds t) {
        List<String> violations = new ArrayList<>();
        if (requests == 0) {
            violations.add("no request was answered in the measured phase");
        } else {
            if (!(p99Ms <= t.maxP99Ms())) {
                violations.add("p99 " + fmt(p99Ms) + " ms > max-p99 " + fmt(t.maxP99Ms()) + " ms");
            }
            if (t.minRps() > 0 && !(rps >= t.minRps())) {
                violations.add("rps " + fmt(rps) + " < min-rps " + fmt(t.minRps()));
            }
        }
        if (!(errorRate <= t.maxErrorRate()) && !Double.isNaN(errorRate)) {
            violations.add("error rate " + fmt(errorRate) + " > max-error-rate " + fmt(t.maxErrorRate()));
        }
        return new SmokeVerdict(violations.isEmpty(), requests, rps, p99Ms, errorRate,
                violations.isEmpty() ? null : String.join("; ", violations));
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        String s = String.format(Locale.ROOT, "%.4f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
