package io.jwtbench.bench.runtime.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** The runs a check sends, derived from the caller's spec, and the specs it refuses. */
class SegmentSpecsTest {

    static ObjectNode spec(String json) throws Exception {
        return (ObjectNode) BenchClient.JSON.readTree(json);
    }

    static SegmentSpecs of(String json) throws Exception {
        return SegmentSpecs.of(spec(json), Duration.ofSeconds(5));
    }

    @Test
    void aSegmentIsTheSpecAtTheFixedLoadWithTheProfileOnAndTheSlowdownOnlyWhereAsked() throws Exception {
        SegmentSpecs specs = of("{\"target\":\"jwt\",\"tokens\":100,\"cache\":\"bypass\"}");
        SegmentSpecs.Load load = specs.load(19_803, 0.25, 0.8, 2000);
        assertEquals(4900, load.rate(), "a quarter of what both sustained, two significant digits");
        ObjectNode base = specs.segment(load, 0);
        assertEquals("{\"target\":\"jwt\",\"tokens\":100,\"cache\":\"bypass\",\"rate\":4900,\"duration\":\"5s\",\"warmup\":\"1s\","
                + "\"profile\":true}", base.toString());
        assertEquals(12, specs.segment(load, 12).path("slowdownUs").asInt());
        assertFalse(base.has("slowdownUs"));
        ObjectNode probe = specs.capacityProbe("auto");
        assertEquals(16, probe.path("connections").asInt());
        assertEquals("auto", probe.path("warmup").asText());
        assertEquals(100, probe.path("tokens").asInt());
        assertFalse(probe.has("rate"));
    }

    @Test
    void theSpecsOwnLoadAndDurationWinAndARateTheBuildsCannotSustainIsRefused() throws Exception {
        SegmentSpecs specs = of("{\"target\":\"jwt\",\"rate\":3000,\"connections\":32,\"duration\":\"8s\"}");
        SegmentSpecs.Load load = specs.load(10_000, 0.5, 0.8, 2000);
        assertEquals(3000, load.rate());
        ObjectNode segment = specs.segment(load, 0);
        assertEquals(32, segment.path("connections").asInt(), "an open model's pool size as given");
        assertEquals("8s", segment.path("duration").asText());
        assertEquals(Duration.ofSeconds(1 + 1 + 8 + 10 + 3), specs.endsWithin());

        AbException tooFast = assertThrows(AbException.class, () -> specs.load(3000, 0.5, 0.8, 2000));
        assertTrue(tooFast.getMessage().startsWith("the rate 3000 req/s is above what both builds sustain here: the lower of"
                + " their capacities, measured as the pairs run them, was 3000 req/s"), tooFast.getMessage());

        SegmentSpecs byDefault = of("{\"target\":\"jwt\"}");
        assertEquals(2000, byDefault.load(3000, 0.25, 0.8, 2000).rate(), "never under the floor: a quarter of 3000 is 750");
        AbException slow = assertThrows(AbException.class, () -> byDefault.load(2400, 0.25, 0.8, 2000));
        assertTrue(slow.getMessage().startsWith("this machine sustained only 2400 req/s of the lower build"), slow.getMessage());
        assertFalse(byDefault.fits(2400, 0.25, 0.8, 2000));
        assertTrue(byDefault.fits(2500, 0.25, 0.8, 2000));

        SegmentSpecs closed = of("{\"target\":\"jwt\",\"connections\":8}");
        assertTrue(closed.load(100, 0.5, 0.8, 2000).closed(), "connections without a rate: the closed model, at any capacity");
        assertEquals(8, closed.segment(closed.load(100, 0.5, 0.8, 2000), 0).path("connections").asInt());
    }

    @Test
    void whatHasNoPlaceInAPairIsRefusedWithWhy() throws Exception {
        for (String field : new String[] { "baseline", "thresholds", "startAt", "rampTo", "profile", "tolerancePercent" }) {
            AbException e = assertThrows(AbException.class, () -> of("{\"target\":\"jwt\",\"" + field + "\":1}"));
            assertTrue(e.getMessage().startsWith("SPEC: \"" + field + "\" has no place here: "), e.getMessage());
        }
        assertEquals("SPEC needs a \"target\", e.g. {\"target\":\"jwt\"}",
                assertThrows(AbException.class, () -> of("{\"rate\":100}")).getMessage());
        assertEquals("SPEC: \"duration\" is not a duration: \"soon\"",
                assertThrows(AbException.class, () -> of("{\"target\":\"jwt\",\"duration\":\"soon\"}")).getMessage());
    }

    @Test
    void twoBuildsThatEchoTheSpecDifferentlyAreNamedFieldByField() throws Exception {
        SegmentSpecs specs = of("{\"target\":\"jwt\"}");
        ObjectNode a = SegmentTest.report(100, 0, "network I/O", "0.1");
        ObjectNode b = SegmentTest.report(100, 0, "network I/O", "0.1");
        ((ObjectNode) b.get("spec")).put("slowdownUs", 12).put("startAt", "2026-11-27T10:00:00Z");
        specs.checkSameSpec(Segment.of("BASE", a), Segment.of("NEW", b)); // the injected slowdown and the start aside
        ((ObjectNode) b.get("spec")).put("rate", 2000).put("connections", 32);
        AbException e = assertThrows(AbException.class, () -> specs.checkSameSpec(Segment.of("BASE", a), Segment.of("NEW", b)));
        assertEquals("the two builds read the spec differently: connections: BASE (absent), NEW 32; rate: BASE 1000, NEW 2000",
                e.getMessage());
    }
}
