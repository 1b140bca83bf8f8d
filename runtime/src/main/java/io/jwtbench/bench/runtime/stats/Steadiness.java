package io.jwtbench.bench.runtime.stats;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A run report's {@code steady} section: was the JVM done warming up while the run measured?
 * ({@code observe/SteadyState} judges it.) The reasons are sentences for people; the figures are what
 * the JVM did over the measured phase, the limits what it was held against. Its component names are
 * the section's JSON keys; absent figures are left out.
 *
 * @param throughputCv the per-second throughput's coefficient of variation; absent with too few full seconds
 * @param note         why a rule was not applied
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Steadiness(boolean steady, List<String> reasons, Jit jit, long classesLoaded, Gc gc, Double throughputCv,
        String note, Limits limits) {

    /** The section's name in a run report. */
    public static final String SECTION = "steady";

    /**
     * JIT activity over the measured phase: compile time from the MX bean, counts from JFR when the run
     * streamed it ({@code source} says which).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Jit(Long compileMs, Long compilations, Long deoptimizations, String source) {
    }

    /** Collections over the measured phase and the heap left after GC at its start and end. */
    public record Gc(long collections, long heapAfterGcMbAtStart, long heapAfterGcMbAtEnd) {
    }

    /** The rules' limits ({@code quarkus.bench.steady.*}). */
    public record Limits(double compileMsPerSecond, double classesPerSecond, double deoptimizationsPerSecond,
            double throughputCv, double heapAfterGcGrowth) {
    }
}
