package io.jwtbench.bench.runtime.engine;

/**
 * The schedule of a constant-rate (open model) run, as a pure function of time: request number
 * {@code k} (0-based) is meant to leave at {@code k / rate} seconds after the start, whatever happened
 * to the requests before it. Latency is measured from that intended time, which is what corrects
 * coordinated omission (a stalled server cannot slow the schedule down and hide its own stall).
 * Integer arithmetic only, exact for the whole range the engine allows.
 */
public final class Pacer {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private final long rate;

    /** @param ratePerSecond requests per second, at least 1 */
    public Pacer(long ratePerSecond) {
        if (ratePerSecond < 1) {
            throw new IllegalArgumentException("rate must be positive: " + ratePerSecond);
        }
        this.rate = ratePerSecond;
    }

    /** Intended send time of request {@code sequence}, in nanoseconds after the start (floor). */
    public long sendTimeNanos(long sequence) {
        return (sequence / rate) * NANOS_PER_SECOND + (sequence % rate) * NANOS_PER_SECOND / rate;
    }

    /**
     * How many requests are due once {@code elapsedNanos} have passed: exactly the {@code k} with
     * {@code sendTimeNanos(k) <= elapsedNanos}.
     */
    public long dueBy(long elapsedNanos) {
        if (elapsedNanos < 0) {
            return 0;
        }
        long x = elapsedNanos + 1;
        long whole = (x / NANOS_PER_SECOND) * rate;
        long part = ((x % NANOS_PER_SECOND) * rate + NANOS_PER_SECOND - 1) / NANOS_PER_SECOND;
        return whole + part;
    }

    /** Nanoseconds from {@code elapsedNanos} until request {@code sequence} is due; 0 if already due. */
    public long waitNanos(long elapsedNanos, long sequence) {
        return Math.max(0, sendTimeNanos(sequence) - elapsedNanos);
    }
}
