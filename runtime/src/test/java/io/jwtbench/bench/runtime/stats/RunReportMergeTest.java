package io.jwtbench.bench.runtime.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.plan.LoadModel;

class RunReportMergeTest {

    private static Histogram histogram(long from, long to, long step) {
        Histogram h = LatencyRecording.newHistogram();
        for (long v = from; v <= to; v += step) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void encodedHistogramRoundTripsExactly() {
        Histogram h = histogram(10, 50_000, 7);
        Histogram back = HistogramCodec.decode(HistogramCodec.encode(h));
        assertEquals(h, back);
    }

    @Test
    void mergingTwoEncodedHistogramsGivesTheExactCombinedCounts() {
        Histogram a = histogram(100, 2_000, 1); // 1901 values: 100..2000 µs
        Histogram b = histogram(1_500, 90_000, 3); // overlaps a
        Histogram expected = a.copy();
        expected.add(b);

        LatencyStats merged = LatencyStats.of(a).merge(LatencyStats.of(b));
        Histogram decoded = merged.decode();

        assertEquals(a.getTotalCount() + b.getTotalCount(), merged.count());
        assertEquals(expected, decoded);
        assertEquals(expected.getCountBetweenValues(1_500, 2_000), decoded.getCountBetweenValues(1_500, 2_000));
        assertEquals(expected.getValueAtPercentile(99) / 1000.0, merged.p99());
        assertEquals(90.0, merged.max(), 0.1); // 90 000 µs within 3 significant digits
    }

    @Test
    void percentilesComeFromTheHistogramAndAreMonotonic() {
        LatencyStats s = LatencyStats.of(histogram(1, 100_000, 1));
        assertEquals(50.0, s.p50(), 0.05);
        assertEquals(99.0, s.p99(), 0.1);
        double[] ordered = { s.p50(), s.p75(), s.p90(), s.p95(), s.p99(), s.p99_9(), s.p99_99(), s.max() };
        for (int i = 1; i < ordered.length; i++) {
            assertTrue(ordered[i - 1] <= ordered[i]);
        }
    }

    @Test
    void reportsOfTwoPodsAddUp() {
        RunReport a = report("a", histogram(100, 1_000, 1), 901, 10.0, new ErrorCounts(1, 0, 0, 2, 0, 0),
                List.of(new SecondStats(1, 450, 450, 0.5, 0.9, 1.0, 3)));
        RunReport b = report("b", histogram(2_000, 3_000, 1), 1001, 10.5, new ErrorCounts(0, 1, 0, 0, 4, 0),
                List.of(new SecondStats(1, 500, 500, 2.5, 2.9, 3.0, 5), new SecondStats(2, 501, 501, 2, 2, 2, 0)));
        RunReport m = a.merge(b);

        assertEquals("a+b", m.id());
        assertEquals(1902, m.measured().requests());
        assertEquals(1902, m.latency().count());
        assertEquals(10.5, m.measured().durationSeconds());
        assertEquals(a.measured().rps() + b.measured().rps(), m.measured().rps(), 1e-9);
        assertEquals(new ErrorCounts(1, 1, 0, 2, 4, 0), m.errors());
        assertEquals(8, m.errors().total());
        assertEquals(2, m.timeSeries().size());
        assertEquals(950, m.timeSeries().get(0).requests());
        assertEquals(8, m.timeSeries().get(0).errors());
        assertTrue(Double.isNaN(m.timeSeries().get(0).p99())); // unknowable without per-second histograms
        assertEquals(3.0, m.latency().max(), 0.01);
        assertEquals(RunStatus.DONE, m.status());
    }

    private static RunReport report(String id, Histogram h, long requests, double seconds, ErrorCounts errors,
            List<SecondStats> series) {
        return new RunReport(id, RunStatus.DONE, "health", new LoadModel.Closed(2), null, Map.of(), Map.of(), Instant.now(),
                Instant.now(), null, new RunReport.Measured(seconds, requests, requests / seconds, 0), LatencyStats.of(h),
                null, errors, 0, 0, new GeneratorStats(1, 0.5, 1, 0, 0, 0, 0), series, null, null, Sections.NONE, Map.of());
    }
}
