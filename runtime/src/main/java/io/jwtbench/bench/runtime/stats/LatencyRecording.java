package io.jwtbench.bench.runtime.stats;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Where the generator's event loops put latencies: an HdrHistogram {@link Recorder}, whose
 * recordValue is wait-free, so response callbacks never contend with the once-a-second reader.
 *
 * <p>
 * Unit: <b>microseconds</b>, 3 significant digits, 1 µs to 60 s (values outside are clamped to the
 * range): fine enough for loopback latencies of tens of µs, and a histogram of ~30 KB. Reports
 * convert to milliseconds.
 */
public final class LatencyRecording {
    public static final long LOWEST_MICROS = 1;
    public static final long HIGHEST_MICROS = 60_000_000;
    public static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder recorder = new Recorder(LOWEST_MICROS, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    private Histogram spare;

    public void recordNanos(long nanos) {
        recorder.recordValue(Math.min(HIGHEST_MICROS, Math.max(LOWEST_MICROS, nanos / 1000)));
    }

    /**
     * Everything recorded since the previous call. Single reader only (the run's orchestrating
     * thread); the returned histogram is reused by the next call, so copy or add it right away.
     */
    public Histogram takeInterval() {
        spare = recorder.getIntervalHistogram(spare);
        return spare;
    }

    /** An empty histogram of the same shape, to accumulate intervals in. */
    public static Histogram newHistogram() {
        return new Histogram(LOWEST_MICROS, HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }
}
