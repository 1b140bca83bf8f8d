package io.jwtbench.bench.runtime.report;

import io.jwtbench.bench.runtime.plan.Percentile;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.smoke.SmokeBench;
import io.jwtbench.bench.runtime.smoke.SmokeState;
import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.Verdict;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;

/**
 * The last finished run of each target (smoke runs included) as Micrometer gauges, so that
 * {@code /q/metrics} carries them and Prometheus aggregates them across pods like any other metric:
 * {@code bench_last_run_latency_seconds{target,percentile}}, {@code bench_last_run_latency_max_seconds},
 * {@code bench_last_run_requests}, {@code bench_last_run_errors}, {@code bench_last_run_rps},
 * {@code bench_last_run_finished_timestamp_seconds}, {@code bench_last_run_verdict} (1 passed, 0
 * failed), {@code bench_smoke_passed} (1 while the last judged smoke run passed, else 0) and
 * {@code bench_smoke_attempts}. A target's series appear when its first measured run has ended: a series
 * that exists has a value (the verdict's is NaN, absent, only for a last run without thresholds). The
 * label is {@code percentile} ({@code "50"}, {@code "90"}, {@code "99"}, {@code "99.9"}), not
 * {@code quantile}: Prometheus reserves that one for summaries, and these are gauges.
 *
 * <p>Registered only when the application has Micrometer (the extension's processor checks the
 * capability): this class is the only one that touches it. The gauges read the run history at
 * scrape time, so nothing is pushed and no run pays for them; a run's end only registers a target's
 * gauges the first time (a {@link RunExtension} whose observation adds no section).
 */
@Singleton
public class BenchGauges implements RunExtension {
    /** The {@code percentile} label → the report's figure. */
    static final Map<String, Percentile> PERCENTILES = Map.of("50", Percentile.P50, "90", Percentile.P90, "99",
            Percentile.P99, "99.9", Percentile.P99_9);

    @Inject
    Bench bench;
    @Inject
    SmokeBench smoke;
    @Inject
    MeterRegistry registry;

    private final Set<String> registered = ConcurrentHashMap.newKeySet();

    void onStart(@Observes StartupEvent event) {
        Gauge.builder("bench.smoke.attempts", smoke, s -> s.state().attempts())
                .description("Smoke runs judged or failed to start so far").register(registry);
        Gauge.builder("bench.smoke.passed", smoke, s -> smokePassed(s.state()))
                .description("1 while the last judged start-up smoke run passed; 0 before one passed, after a failure, or with the smoke bench off")
                .register(registry);
    }

    @Override
    public String section() {
        return "benchGauges";
    }

    /** Once the run has ended (its report final), its target's gauges exist. */
    @Override
    public Observation begin(RunContext run) {
        bench.findRun(run.id()).ifPresent(r -> r.finished().thenRun(() -> ended(run.target())));
        return outcome -> null;
    }

    private void ended(String target) {
        if (registered.add(target)) {
            PERCENTILES.forEach((percentile, figure) -> gauge("bench.last.run.latency", "seconds", target,
                    "Latency percentiles of the target's last bench run (coordinated-omission corrected)",
                    r -> r.latency().at(figure) / 1e3).tag("percentile", percentile).register(registry));
            gauge("bench.last.run.latency.max", "seconds", target, "Highest latency of the last run",
                    r -> r.latency().max() / 1e3).register(registry);
            gauge("bench.last.run.requests", null, target, "Answered requests in the last run's measured phase",
                    r -> r.measured().requests()).register(registry);
            gauge("bench.last.run.errors", null, target, "Failed requests of the last run (any kind)",
                    r -> r.errors().total()).register(registry);
            gauge("bench.last.run.rps", null, target, "Measured throughput of the last run, requests per second",
                    r -> r.measured().rps()).register(registry);
            gauge("bench.last.run.finished.timestamp", "seconds", target, "When the last run finished (epoch)",
                    r -> r.finishedAt().toEpochMilli() / 1e3).register(registry);
            gauge("bench.last.run.verdict", null, target, "1 passed, 0 failed its thresholds; NaN without thresholds",
                    r -> verdict(r.verdict())).register(registry);
        }
    }

    private Gauge.Builder<Bench> gauge(String name, String unit, String target, String description,
            ToDoubleFunction<RunReport> figure) {
        return Gauge.builder(name, bench, b -> lastFinished(b, target).map(figure::applyAsDouble).orElse(Double.NaN))
                .baseUnit(unit).description(description).tag("target", target);
    }

    /** The newest finished run of {@code target} that measured something. */
    static Optional<RunReport> lastFinished(Bench bench, String target) {
        return bench.recentRuns().stream().map(Run::report)
                .filter(r -> r.target().equals(target) && r.status().isTerminal() && r.measured() != null
                        && r.latency() != null && r.finishedAt() != null)
                .findFirst();
    }

    private static double verdict(Verdict v) {
        return v == null ? Double.NaN : v.passed() ? 1 : 0;
    }

    private static double smokePassed(SmokeState s) {
        return s.result() != null && s.result().passed() ? 1 : 0;
    }
}
