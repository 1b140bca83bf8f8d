package io.jwtbench.bench.runtime.plan;

/**
 * A rate that rises linearly: {@code from} requests per second until {@code rampStartNanos} (the
 * warm-up), then linearly up to {@code to} over {@code rampNanos} (the measured phase), then {@code to}.
 * Request {@code k} is due when the number of requests the rate allows since the start reaches
 * {@code k}: the cumulative count is {@code from·t} before the ramp, {@code from·s + a·s²/2} during it
 * ({@code s} seconds into it, {@code a} the slope), so its time is the root of that quadratic.
 */
public final class RampSchedule implements Schedule {
    private static final double NANOS_PER_SECOND = 1e9;
    private final double from;
    private final double to;
    private final double rampStart;
    private final double ramp;
    private final double slope;
    /** Requests due before the ramp, and by its end. */
    private final double beforeRamp;
    private final double byRampEnd;

    /**
     * @param from, to requests per second at the start and at the end of the ramp, at least 1
     * @param rampStartNanos when the ramp starts, after the run's start (its warm-up)
     * @param rampNanos how long the rate rises (the measured phase), positive
     */
    public RampSchedule(double from, double to, long rampStartNanos, long rampNanos) {
        if (from < 1 || to < 1 || rampNanos <= 0 || rampStartNanos < 0) {
            throw new IllegalArgumentException("a ramp needs positive rates and duration");
        }
        this.from = from;
        this.to = to;
        this.rampStart = rampStartNanos / NANOS_PER_SECOND;
        this.ramp = rampNanos / NANOS_PER_SECOND;
        this.slope = (to - from) / ramp;
        this.beforeRamp = from * rampStart;
        this.byRampEnd = beforeRamp + from * ramp + slope * ramp * ramp / 2;
    }

    @Override
    public long sendTimeNanos(long sequence) {
        double k = sequence;
        double seconds;
        if (k <= beforeRamp) {
            seconds = k / from;
        } else if (k <= byRampEnd) {
            double n = k - beforeRamp;
            // from·s + slope·s²/2 = n; the discriminant is the rate at s, squared, so it stays positive
            double s = slope == 0 ? n / from : (Math.sqrt(from * from + 2 * slope * n) - from) / slope;
            seconds = rampStart + s;
        } else {
            seconds = rampStart + ramp + (k - byRampEnd) / to;
        }
        return (long) (seconds * NANOS_PER_SECOND);
    }
}
