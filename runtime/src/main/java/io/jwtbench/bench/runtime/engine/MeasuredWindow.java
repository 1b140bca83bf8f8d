package io.jwtbench.bench.runtime.engine;

import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;

import io.jwtbench.bench.runtime.spi.RunOutcome;
import io.jwtbench.bench.runtime.stats.GeneratorStats;
import io.jwtbench.bench.runtime.stats.LatencyRecording;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.Measurement;
import io.jwtbench.bench.runtime.stats.Progress;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.SecondStats;
import io.jwtbench.bench.runtime.stats.Tally;

/**
 * The measured phase's figures as they accumulate, owned by the run's thread: the phase's recordings
 * are drained once a second into the totals and the time series ({@link #collectSecond}), and
 * concluded once when the window has closed ({@link #conclude}).
 */
final class MeasuredWindow {
    private static final long SECOND = 1_000_000_000L;

    private final Measurement.Phase phase;
    private final long startNanos;
    private final int eventLoopCount;
    private final Histogram latency = LatencyRecording.newHistogram();
    private final Histogram uncorrected = LatencyRecording.newHistogram();
    private final List<SecondStats> timeSeries = new ArrayList<>();
    private long errorsSoFar;
    private RunReport.Measured measured;
    private GeneratorStats generator;

    /** @param startNanos when the window opened (System.nanoTime) */
    MeasuredWindow(Measurement.Phase phase, long startNanos, int eventLoopCount) {
        this.phase = phase;
        this.startNanos = startNanos;
        this.eventLoopCount = eventLoopCount;
    }

    long startNanos() {
        return startNanos;
    }

    Tally tally() {
        return phase.tally;
    }

    /** Drains one interval of the recordings (a second, or the last one's fraction) into the totals and the time series. */
    void collectSecond(double seconds) {
        Histogram interval = phase.latency.takeInterval();
        latency.add(interval);
        uncorrected.add(phase.uncorrected.takeInterval()); // empty without a schedule
        long errors = phase.tally.errors().total();
        long count = interval.getTotalCount();
        timeSeries.add(new SecondStats(timeSeries.size() + 1, count, count / seconds, percentileMs(interval, 50),
                percentileMs(interval, 90), percentileMs(interval, 99), errors - errorsSoFar));
        errorsSoFar = errors;
    }

    /** After the window closed at {@code stoppedAt} and the measurement with it: its last partial second. */
    void collectLastSecond(long stoppedAt) {
        double lastSecond = (stoppedAt - startNanos - timeSeries.size() * SECOND) / (double) SECOND;
        if (lastSecond > 0.001) {
            collectSecond(Math.min(1.0, lastSecond));
        }
    }

    /** The totals, once: requests, rate and the generator's costs over the window up to {@code stoppedAt}. */
    void conclude(long stoppedAt, long generatorCpu, long processCpu) {
        double seconds = (stoppedAt - startNanos) / (double) SECOND;
        Tally t = phase.tally;
        long requests = latency.getTotalCount();
        measured = new RunReport.Measured(seconds, requests, seconds > 0 ? requests / seconds : 0, t.bytesRead());
        Histogram lag = phase.scheduleLag.takeInterval(); // the whole phase: never drained before
        generator = new GeneratorStats(generatorCpu / (double) SECOND,
                processCpu > 0 ? (double) generatorCpu / processCpu : 0, eventLoopCount, t.lateStarts(),
                t.maxScheduleLagNanos() / 1e6, t.meanScheduleLagNanos() / 1e6, t.connectionWaitNanos() / 1e6,
                percentileMs(lag, 50), percentileMs(lag, 99), t.inFlightAtStop(), t.unsentAtStop());
    }

    boolean concluded() {
        return measured != null;
    }

    Progress progress() {
        SecondStats last = timeSeries.isEmpty() ? null : timeSeries.get(timeSeries.size() - 1);
        return new Progress("running", (System.nanoTime() - startNanos) / (double) SECOND, latency.getTotalCount(),
                last == null ? 0 : last.rps(), last == null ? Double.NaN : last.p50(), last == null ? Double.NaN : last.p99());
    }

    /** The per-second throughput of the window's full seconds (the last, partial one left out). */
    double[] fullSecondsRps() {
        int full = (int) Math.min(timeSeries.size(), Math.floor(measured.durationSeconds() + 0.01));
        return timeSeries.subList(0, full).stream().mapToDouble(SecondStats::rps).toArray();
    }

    /** What the run's extensions are told when they end. */
    RunOutcome outcome() {
        return new RunOutcome(measured == null ? 0 : measured.requests(), measured == null ? 0 : measured.durationSeconds(),
                measured == null ? null : LatencyStats.of(latency), generator);
    }

    RunReport.Measured measured() {
        return measured;
    }

    GeneratorStats generator() {
        return generator;
    }

    List<SecondStats> timeSeries() {
        return timeSeries;
    }

    LatencyStats latency() {
        return LatencyStats.of(latency);
    }

    LatencyStats uncorrectedLatency() {
        return LatencyStats.of(uncorrected);
    }

    private static double percentileMs(Histogram h, double p) {
        return h.getTotalCount() == 0 ? Double.NaN : LatencyStats.ms(h.getValueAtPercentile(p));
    }
}
