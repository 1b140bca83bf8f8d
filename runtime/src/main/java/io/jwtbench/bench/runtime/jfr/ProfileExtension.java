package io.jwtbench.bench.runtime.jfr;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.stats.Profile;

/**
 * The {@code profile} section: where the process's CPU went during the measured phase, by component
 * ({@link CpuProfile}), from the run's JFR stream; on (with or without the breakdown) unless the run says
 * {@code "profile": false}. Keeps each run's folded stacks for {@code /q/bench/runs/{id}/profile.folded}
 * until the run leaves the history.
 */
@Singleton
public class ProfileExtension implements RunExtension {
    public static final String SECTION = Profile.SECTION;

    @Inject
    JfrRuns runs;

    private final Map<String, FoldedStacks> folded = new ConcurrentHashMap<>();

    @Override
    public String section() {
        return SECTION;
    }

    @Override
    public Observation begin(RunContext run) {
        return runs.observe(run, (session, outcome) -> {
            if (session.profile == null) {
                return null;
            }
            folded.put(run.id(), session.profile.folded());
            return session.profile.result(outcome);
        });
    }

    /** The run's sampled stacks, if it was profiled. */
    public Optional<FoldedStacks> folded(String runId) {
        return Optional.ofNullable(folded.get(runId));
    }

    @Override
    public void forget(String runId) {
        folded.remove(runId);
    }

    /** The run's folded stacks: they stay for {@code profile.folded} while the run is in the history. */
    @Override
    public long retainedBytes(String runId) {
        FoldedStacks stacks = folded.get(runId);
        return stacks == null ? 0 : stacks.heapBytes();
    }
}
