package io.jwtbench.bench.runtime.plan;

/**
 * When the requests of an open-model run are due, as a pure function (like vegeta's {@code Pacer}):
 * request number {@code sequence} (0-based) is meant to leave {@link #sendTimeNanos} after the run's
 * start, whatever happened to the requests before it. Latency is measured from that intended time,
 * which is what corrects coordinated omission: a stalled server cannot slow the schedule down and
 * hide its own stall. Implementations are immutable and called on the generator's event loops, so
 * they must not allocate.
 */
public interface Schedule {
    /** Intended send time of request {@code sequence}, in nanoseconds after the start; never decreasing. */
    long sendTimeNanos(long sequence);
}
