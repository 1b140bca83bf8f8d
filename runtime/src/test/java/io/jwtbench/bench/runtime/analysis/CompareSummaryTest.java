package io.jwtbench.bench.runtime.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.analysis.CompareSummary.ModelRow;
import io.jwtbench.bench.runtime.analysis.CompareSummary.Spread;
import io.jwtbench.bench.runtime.analysis.CompareSummary.Ranking;

class CompareSummaryTest {

    private static ModelRow row(String model, List<String> notSteady, double... rps) {
        Spread s = Spread.of(rps);
        Spread none = Spread.of(new double[0]);
        return new ModelRow(model, List.of(), null, rps.length, s, none, none, none, notSteady);
    }

    @Test
    void spreadIsMinMedianMaxOfTheFiniteValues() {
        assertEquals(new Spread(1, 2, 9), Spread.of(new double[] { 9, 1, 2 }));
        assertEquals(new Spread(1, 2.5, 4), Spread.of(new double[] { 4, Double.NaN, 1, 3, 2 }));
    }

    @Test
    void aDifferenceCountsOnlyOutsideTheSpread() {
        List<Ranking> v = CompareSummary.rankings(List.of(row("worker", List.of(), 30_000, 31_000, 29_500),
                row("event-loop", List.of(), 45_000, 46_000, 44_000), row("virtual", List.of(), 44_500, 47_000, 43_000)));
        assertEquals(3, v.size());
        // ranked by median: event-loop 45,000, virtual 44,500, worker 30,000
        assertEquals("event-loop", v.get(0).faster());
        assertEquals("virtual", v.get(0).slower());
        assertFalse(v.get(0).significant(), "44,000-46,000 overlaps 43,000-47,000");
        assertTrue(v.get(0).text().contains("no significant difference at this spread"), v.get(0).text());
        assertTrue(v.get(1).significant(), v.get(1).text());
        assertEquals("event-loop is 50.0 % faster than worker, outside the spread", v.get(1).text());
        assertEquals(50.0, v.get(1).percentFaster(), 1e-9);
        assertEquals("virtual is 48.3 % faster than worker, outside the spread", v.get(2).text());
    }

    @Test
    void oneRoundHasNoSpreadAndAnUnsteadyModelIsNamed() {
        List<Ranking> v = CompareSummary.rankings(List.of(row("a", List.of("round 1: 900 ms of JIT"), 2000),
                row("b", List.of(), 1000)));
        assertFalse(v.get(0).significant());
        assertEquals("a and b: not judged, one round has no spread (a measured 100.0 % more req/s) [not steady: a]", v.get(0).text());
    }
}
