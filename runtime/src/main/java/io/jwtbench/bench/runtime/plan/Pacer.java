package io.jwtbench.bench.runtime.plan;

/**
 * The constant-rate schedule: request {@code k} (0-based) is due {@code k / rate} seconds after the
 * start. Integer arithmetic only, exact for the whole range the engine allows.
 */
public final class Pacer implements Schedule {
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
    @Override
    public long sendTimeNanos(long sequence) {
        return (sequence / rate) * NANOS_PER_SECOND + (sequence % rate) * NANOS_PER_SECOND / rate;
    }
}
