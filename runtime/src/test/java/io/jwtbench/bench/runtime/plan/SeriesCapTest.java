package io.jwtbench.bench.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

/** A sweep or compare within every run cap can still not hold the bench longer than the series cap. */
class SeriesCapTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final RunSpecParser runs = new RunSpecParser(
            new SpecLimits(1000, Duration.ofMinutes(10), 200_000, Duration.ofSeconds(10), 64), List.of("health"));
    private final SeriesCap cap = new SeriesCap(Duration.ofHours(1));

    private SweepSpec sweep(String json) throws Exception {
        return new SweepSpecParser(runs, cap).parse(JSON.readTree(json.replace('\'', '"')));
    }

    private ComparePlan compare(String json) throws Exception {
        return new ComparePlanParser(runs, cap).parse(JSON.readTree(json.replace('\'', '"')));
    }

    @Test
    void theLongestSweepTheRunCapsAllowIsRefusedNamingItsSteps() {
        StringBuilder loads = new StringBuilder();
        for (int i = 1; i <= SweepSpecParser.MAX_STEPS; i++) {
            loads.append(i == 1 ? "" : ",").append(i);
        }
        SpecException e = assertThrows(SpecException.class, () -> sweep(
                "{'target':'health','connections':[" + loads + "],'duration':'10m','warmup':'10m','pause':'1m'}"));
        assertEquals("connections", e.field());
        assertTrue(e.reason().contains("671m"), e.reason());
        assertEquals("rates", assertThrows(SpecException.class,
                () -> sweep("{'target':'health','rates':[10,20,30,40,50,60,70],'duration':'10m'}")).field());
    }

    @Test
    void aSweepExactlyAtTheCapPasses() throws Exception {
        // 4 × (5m + 10m) + 3 × 0s = 60m
        assertEquals(4, sweep("{'target':'health','connections':[1,2,3,4],'duration':'10m','warmup':'5m','pause':'0s'}")
                .steps().size());
        assertEquals("connections", assertThrows(SpecException.class, () -> sweep(
                "{'target':'health','connections':[1,2,3,4],'duration':'10m','warmup':'5m','pause':'1s'}")).field());
    }

    @Test
    void aCompareCountsEveryModel() throws Exception {
        String spec = "'spec':{'target':'health','connections':1,'duration':'10m','warmup':'0s'}";
        assertEquals(6, compare("{" + spec + ",'rounds':1,'models':['a','b','c','d','e','f']}").models().size());
        SpecException e = assertThrows(SpecException.class,
                () -> compare("{" + spec + ",'rounds':1,'models':['a','b','c','d','e','f','g']}"));
        assertEquals("models", e.field());
    }

    @Test
    void aCompareCountsEveryRoundAndItsWarmUpStep() throws Exception {
        // 3 models x 2 rounds x 10m = 60m
        assertEquals(2, compare("{'spec':{'target':'health','connections':1,'duration':'10m','warmup':'0s'},"
                + "'rounds':2,'models':['a','b','c']}").rounds());
        // the same with a warm-up: each model also runs once as a warm-up step, 3 x 3 x (1s + 10m) > 60m
        assertEquals("models", assertThrows(SpecException.class, () -> compare(
                "{'spec':{'target':'health','connections':1,'duration':'10m','warmup':'1s'},'rounds':2,'models':['a','b','c']}"))
                .field());
    }
}
