package io.jwtbench.bench.runtime.smoke;

import io.jwtbench.bench.runtime.plan.Percentile;

import java.util.Map;

import io.jwtbench.bench.runtime.SmokeConfig;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * A finished smoke run judged against the thresholds by {@link Verdict}, the judge of every run with
 * {@code thresholds}, plus the figures the readiness check shows. Pure: every figure comes from the run's report.
 *
 * @param requests complete answers of the measured phase
 * @param rps measured throughput
 * @param p99Ms corrected p99 latency in ms; NaN when nothing was measured
 * @param errorRate failed requests (errors of any kind plus unexpected successes) over attempted
 *            requests (answers plus failures without an answer); NaN when nothing was attempted
 * @param reason why it failed, every violated threshold; null when passed
 */
public record SmokeResult(boolean passed, long requests, double rps, double p99Ms, double errorRate, String reason) {

    /** The configured limits as a run spec's {@code thresholds}: one kind of thresholds, one judge. */
    public static Thresholds thresholds(SmokeConfig c) {
        return new Thresholds(Map.of(Percentile.P99, c.maxP99().toNanos() / 1e6), c.minRps(), c.maxErrorRate());
    }

    public static SmokeResult judge(RunReport report, Thresholds t) {
        long requests = report.measured() == null ? 0 : report.measured().requests();
        double rps = report.measured() == null ? 0 : report.measured().rps();
        double p99 = report.latency() == null || report.latency().count() == 0 ? Double.NaN : report.latency().p99();
        Verdict v = Verdict.judge(report, t);
        return report.status() == RunStatus.DONE ? of(requests, rps, p99, Verdict.errorRate(report), v)
                : new SmokeResult(false, 0, 0, Double.NaN, Double.NaN, v.reason());
    }

    static SmokeResult judge(long requests, double rps, double p99Ms, double errorRate, Thresholds t) {
        return of(requests, rps, p99Ms, errorRate,
                Verdict.judge(requests, rps, p -> p99Ms, errorRate, t));
    }

    private static SmokeResult of(long requests, double rps, double p99Ms, double errorRate, Verdict v) {
        return new SmokeResult(v.passed(), requests, rps, p99Ms, errorRate, v.reason());
    }

    static String fmt(double v) {
        return Verdict.fmt(v);
    }
}
