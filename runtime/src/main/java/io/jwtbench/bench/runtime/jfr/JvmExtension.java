package io.jwtbench.bench.runtime.jfr;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.observe.ProcessSampler;
import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.stats.Jvm;

/**
 * The {@code jvm} section of every run: process and host CPU, threads, allocation and the generator's
 * share from an always-on sampler ({@link ProcessSampler}, no JFR); plus, whenever the run streams JFR
 * (its profile, breakdown or kept recording), GC pauses, pinned virtual threads and contention from
 * that stream ({@code "jfr": true} in the section says so).
 */
@Singleton
public class JvmExtension implements RunExtension {
    @Inject
    JfrRuns runs;

    @Override
    public String section() {
        return Jvm.SECTION;
    }

    @Override
    public Observation begin(RunContext run) {
        ProcessSampler sampler = ProcessSampler.start(run.id());
        Observation jfr = runs.observe(run, (session, outcome) -> session.jvm == null ? null : session.jvm.result());
        return outcome -> {
            Jvm.Sampled sampled = sampler.stop(outcome); // first: the window closest to the measured phase
            return Jvm.of(sampled, jfr.end(outcome) instanceof Jvm.FromJfr fromJfr ? fromJfr : null);
        };
    }
}
