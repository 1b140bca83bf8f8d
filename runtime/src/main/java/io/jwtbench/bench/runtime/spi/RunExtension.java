package io.jwtbench.bench.runtime.spi;

/**
 * A hook around the measured phase of every run, contributing one extra section to its report
 * (e.g. a per-step {@code breakdown} or {@code jvm} GC/allocation figures). Discovered as CDI beans.
 * A failing extension never fails the run: its section then holds the error.
 */
public interface RunExtension {

    /** The report key this extension fills, e.g. {@code "jvm"}. */
    String section();

    /** Called on the run's orchestrating thread right before measurement starts (after warm-up). */
    Observation begin(String runId, String target);

    /** What {@link #begin} started; ended right after the measured phase, cancelled runs included. */
    interface Observation {
        /** The section's value: JSON-able (maps, lists, strings, numbers, booleans). */
        Object end();
    }
}
