package io.jwtbench.bench.runtime.jfr;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;

/** The {@code jvm} section: GC, pinning, contention, CPU, threads and allocation over the measured window. */
@Singleton
public class JvmExtension implements RunExtension {
    @Inject
    JfrRuns runs;

    @Override
    public String section() {
        return "jvm";
    }

    @Override
    public Observation begin(String runId, String target) {
        return begin(new RunContext(runId, target, "/", true, false));
    }

    @Override
    public Observation begin(RunContext run) {
        return runs.observe(run, (session, outcome) -> session.jvm == null ? null
                : session.jvm.result(outcome, session.windowSeconds()));
    }
}
