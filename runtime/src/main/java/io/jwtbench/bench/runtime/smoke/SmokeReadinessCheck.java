package io.jwtbench.bench.runtime.smoke;

import io.jwtbench.bench.runtime.plan.Percentile;

import java.time.Instant;

import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import io.jwtbench.bench.runtime.SmokeConfig;
import io.jwtbench.bench.runtime.plan.Thresholds;

/**
 * Readiness check {@code bench-smoke}: DOWN until the start-up smoke bench has passed its
 * thresholds (UP when the smoke bench is disabled). It only reads the {@link SmokeBench}'s last state:
 * a probe never starts load. Registered by the extension only when SmallRye Health is present.
 *
 * <p>
 * Data: {@code status} (DISABLED, PENDING, RUNNING, PASSED, FAILED), {@code target}, {@code attempts},
 * {@code runId} (in {@code /q/bench/runs}), the measured {@code requests}, {@code rps}, {@code p99Ms},
 * {@code errorRate} next to the thresholds {@code minRps}, {@code maxP99Ms}, {@code maxErrorRate},
 * {@code reason} when not ready (every violated threshold of the last attempt, or that none passed yet),
 * {@code activity} (what the smoke bench does now: initial delay, preparing the target, waiting for an
 * operator's run, running, waiting to retry or re-run), and
 * {@code lastRunAt}, {@code passedAt} (ISO-8601). Never when the next attempt comes: anyone may read
 * readiness, and the schedule would tell them when the pod is under load.
 */
@Readiness
public class SmokeReadinessCheck implements HealthCheck {
    public static final String NAME = "bench-smoke";

    @Inject
    SmokeBench smoke;

    @Override
    public HealthCheckResponse call() {
        SmokeState s = smoke.state();
        HealthCheckResponseBuilder r = HealthCheckResponse.named(NAME).status(s.ready());
        r.withData("status", s.status().name());
        if (s.status() == SmokeState.Status.DISABLED) {
            return r.withData("reason", s.reason()).build();
        }
        SmokeConfig config = smoke.config();
        Thresholds t = SmokeResult.thresholds(config);
        r.withData("target", config.target());
        r.withData("attempts", s.attempts());
        if (s.runId() != null) {
            r.withData("runId", s.runId());
        }
        SmokeResult v = s.result();
        if (v != null) {
            r.withData("requests", v.requests());
            r.withData("rps", SmokeResult.fmt(v.rps()));
            r.withData("p99Ms", SmokeResult.fmt(v.p99Ms()));
            r.withData("errorRate", SmokeResult.fmt(v.errorRate()));
        }
        r.withData("minRps", SmokeResult.fmt(t.minRps()));
        r.withData("maxP99Ms", SmokeResult.fmt(t.maxLatencyMs().get(Percentile.P99)));
        r.withData("maxErrorRate", SmokeResult.fmt(t.maxErrorRate()));
        if (s.reason() != null) {
            r.withData("reason", s.reason());
        }
        if (s.activity() != null) {
            r.withData("activity", s.activity());
        }
        put(r, "lastRunAt", s.lastRunAt());
        put(r, "passedAt", s.passedAt());
        return r.build();
    }

    private static void put(HealthCheckResponseBuilder r, String key, Instant at) {
        if (at != null) {
            r.withData(key, at.toString());
        }
    }
}
