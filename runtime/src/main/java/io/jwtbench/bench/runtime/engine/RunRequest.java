package io.jwtbench.bench.runtime.engine;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.StartAt;
import io.jwtbench.bench.runtime.stats.Baseline;

/**
 * One run as it is asked for: what to run, when, held against what, and who asks. The body of
 * {@code POST /q/bench/runs} is read into one once ({@link Bench#parseRun}); the smoke bench and a series' steps
 * make theirs with {@link #of}. Here rather than in {@code plan/}: a baseline is a run report, which
 * {@code plan/} cannot name ({@code stats/} depends on it).
 *
 * @param startAt  when the run starts sending (QUEUED until then); null: at once
 * @param baseline what the finished run is held against (its {@code regression} section, its verdict); null: nothing
 * @param trigger  who starts it ({@value Bench#TRIGGER_API}, {@code smoke}, {@code fleet <id>}): the report's
 *                 {@code trigger}
 */
public record RunRequest(RunSpec spec, Instant startAt, Baseline baseline, String trigger) {
    /** The fields of a run's body beside its spec: not target options. */
    static final Set<String> FIELDS = Set.of(StartAt.FIELD, Baselines.FIELD, Baselines.TOLERANCE);

    public RunRequest {
        Objects.requireNonNull(spec);
        Objects.requireNonNull(trigger);
    }

    /** {@code spec} at once, held against nothing. */
    public static RunRequest of(RunSpec spec, String trigger) {
        return new RunRequest(spec, null, null, trigger);
    }
}
