package io.jwtbench.bench.runtime.jfr;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.stats.Breakdown;

/**
 * The {@code breakdown} section: where the server's time per request went, by named phase
 * ({@link io.jwtbench.bench.probe.Phases}), plus the framework's remainder and the part of the client's latency spent outside
 * the server. Also the owner of the run's raw recording ({@code "jfr": true}), which it deletes when
 * the run is forgotten.
 */
@Singleton
public class BreakdownExtension implements RunExtension {
    @Inject
    JfrRuns runs;

    @Override
    public String section() {
        return Breakdown.SECTION;
    }

    @Override
    public Observation begin(RunContext run) {
        return runs.observe(run, (session, outcome) -> session.breakdown == null ? null
                : session.breakdown.result(outcome));
    }

    @Override
    public void forget(String runId) {
        runs.forget(runId);
    }
}
