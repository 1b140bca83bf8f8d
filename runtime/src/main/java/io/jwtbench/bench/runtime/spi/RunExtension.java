package io.jwtbench.bench.runtime.spi;

/**
 * A hook around the measured phase of every run, contributing one extra section to its report
 * (e.g. a per-step {@code breakdown} or {@code jvm} GC/allocation figures). Discovered as CDI beans.
 * A failing extension never fails the run: its section then holds the error.
 */
public interface RunExtension {

    /** The report key this extension fills, e.g. {@code "jvm"}. */
    String section();

    /**
     * Called on the run's orchestrating thread right before measurement starts (after warm-up), with
     * the run's id, target, path and observation flags.
     */
    Observation begin(RunContext run);

    /** The run left the engine's bounded history: drop anything kept for it (files, ...). */
    default void forget(String runId) {
    }

    /**
     * The heap this extension keeps for a finished run until {@link #forget}, estimated in bytes: the history counts
     * it in the bench's memory budget. Files do not count.
     */
    default long retainedBytes(String runId) {
        return 0;
    }

    /** What {@link #begin} started; ended right after the measured phase, cancelled runs included. */
    @FunctionalInterface
    interface Observation {
        /**
         * The section's value, knowing what the client measured: JSON-able (maps, lists, strings,
         * numbers, booleans, or records of them); null for none.
         */
        Object end(RunOutcome outcome);
    }
}
