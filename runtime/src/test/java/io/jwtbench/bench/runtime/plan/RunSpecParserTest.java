package io.jwtbench.bench.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.bench.runtime.plan.SpecException;

class RunSpecParserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final RunSpecParser parser = new RunSpecParser(
            new SpecLimits(1000, Duration.ofMinutes(10), 200_000, Duration.ofSeconds(10), 64), List.of("health", "jwt"));

    private RunSpec parse(String json) throws Exception {
        return parser.parse(JSON.readTree(json.replace('\'', '"')));
    }

    @Test
    void warmupAutoIsBoundedAndTheDefaultOnlyWhereAsked() throws Exception {
        assertEquals(Duration.ZERO, parse("{'target':'jwt','connections':1}").warmup(), "a plain run: no warm-up");
        RunSpec auto = parser.parse(JSON.readTree("{\"target\":\"jwt\",\"connections\":1}"), true);
        assertTrue(auto.autoWarmup());
        assertEquals(SpecLimits.DEFAULT_AUTO_WARMUP_MAX, auto.warmup(), "the bound of the automatic warm-up");
        assertEquals("auto", auto.echo().get("warmup"));
        assertTrue(auto.withOption("model", "virtual").autoWarmup(), "derived specs keep it");
        assertTrue(parse("{'target':'jwt','connections':1,'warmup':'auto'}").autoWarmup());
        RunSpec fixed = parser.parse(JSON.readTree("{\"target\":\"jwt\",\"connections\":1,\"warmup\":\"2s\"}"), true);
        assertEquals(false, fixed.autoWarmup());
        assertEquals(Duration.ofSeconds(2), fixed.warmup());
        SpecException bad = assertThrows(SpecException.class, () -> parse("{'target':'jwt','connections':1,'warmup':'soon'}"));
        assertEquals("warmup", bad.field());
        assertTrue(bad.reason().endsWith("or \"auto\""), bad.reason());
        assertEquals("warmup", assertThrows(SpecException.class,
                () -> parse("{'target':'jwt','rate':10,'rampTo':20,'warmup':'auto'}")).field(), "a ramp's schedule is fixed");
        assertEquals(false, parser.parse(JSON.readTree("{\"target\":\"jwt\",\"rate\":10,\"rampTo\":20}"), true)
                .autoWarmup(), "a ramp in a compare: no automatic warm-up");
    }

    @Test
    void compareRoundsRotateAndAreBounded() throws Exception {
        ComparePlanParser compares = new ComparePlanParser(parser, new SeriesCap(java.time.Duration.ofHours(1)));
        ComparePlan plan = compares.parse(JSON.readTree(
                "{\"spec\":{\"target\":\"jwt\",\"connections\":1},\"models\":[\"a\",\"b\",\"c\"]}"));
        assertEquals(ComparePlan.DEFAULT_ROUNDS, plan.rounds());
        assertTrue(plan.spec().autoWarmup(), "compares warm up automatically by default");
        assertEquals(List.of(List.of("a", "b", "c"), List.of("b", "c", "a"), List.of("c", "a", "b"), List.of("a", "b", "c")),
                List.of(plan.order(0), plan.order(1), plan.order(2), plan.order(3)));
        for (String rounds : List.of("0", "11", "1.5", "\"3\"")) {
            assertEquals("rounds", assertThrows(SpecException.class, () -> compares.parse(JSON.readTree(
                    "{\"spec\":{\"target\":\"jwt\",\"connections\":1},\"models\":[\"a\"],\"rounds\":" + rounds + "}")))
                    .field(), rounds);
        }
    }

    @Test
    void breakdownAndJfrAreEngineFieldsNotTargetOptions() throws Exception {
        RunSpec defaults = parse("{'target':'jwt','connections':1}");
        assertFalse(defaults.breakdown(), "per-request phases cost too much to be on by default");
        assertTrue(defaults.profile());
        assertEquals(false, defaults.jfr());
        RunSpec spec = parse("{'target':'jwt','connections':1,'breakdown':false,'jfr':true,'tokens':5}");
        assertEquals(false, spec.breakdown());
        assertTrue(spec.jfr());
        assertEquals(Map.of("tokens", 5L), spec.options());
        assertEquals(false, spec.echo().get("breakdown"));
        assertEquals("jfr", assertThrows(SpecException.class,
                () -> parse("{'target':'jwt','connections':1,'jfr':1}")).field());
    }

    @Test
    void profileIsOnByDefaultAnEngineFieldAndABoolean() throws Exception {
        assertTrue(parse("{'target':'jwt','connections':1}").profile());
        RunSpec off = parse("{'target':'jwt','connections':1,'profile':false}");
        assertEquals(false, off.profile());
        assertTrue(off.options().isEmpty(), "not passed to the target");
        assertEquals(false, off.echo().get("profile"));
        assertEquals(false, off.withOption("model", "a").profile(), "variants keep it");
        assertEquals("profile", assertThrows(SpecException.class,
                () -> parse("{'target':'jwt','connections':1,'profile':'yes'}")).field());
    }

    @Test
    void closedModel() throws Exception {
        RunSpec spec = parse("{'target':'jwt','connections':50,'duration':'30s','warmup':'5s'}");
        assertEquals(new LoadModel.Closed(50), spec.loadModel());
        assertEquals(Duration.ofSeconds(30), spec.duration());
        assertEquals(Duration.ofSeconds(5), spec.warmup());
        assertEquals(Duration.ofSeconds(10), spec.timeout()); // the configured default
        assertTrue(spec.options().isEmpty());
    }

    @Test
    void openModelDefaultsThePoolSize() throws Exception {
        RunSpec spec = parse("{'target':'health','rate':20000,'duration':'PT30S','timeout':'2s'}");
        assertEquals(new LoadModel.ConstantRate(20000, 64), spec.loadModel());
        assertEquals(Duration.ofSeconds(2), spec.timeout());
    }

    @Test
    void rampToMakesARampFromTheRate() throws Exception {
        RunSpec spec = parse("{'target':'health','rate':200,'rampTo':2000,'duration':'10s'}");
        assertEquals(new LoadModel.Ramp(200, 2000, 64), spec.loadModel());
        assertEquals(2000, spec.echo().get("rampTo"));
        assertEquals(false, spec.options().containsKey("rampTo"));
    }

    @Test
    void withOptionKeepsEveryOtherField() throws Exception {
        RunSpec spec = parse("{'target':'jwt','rate':100,'breakdown':false,'jfr':true,'warmup':'1s','tokens':5}");
        RunSpec derived = spec.withOption("model", "virtual");
        assertEquals(spec.loadModel(), derived.loadModel());
        assertEquals(false, derived.breakdown());
        assertEquals(true, derived.jfr());
        assertEquals(spec.warmup(), derived.warmup());
        assertEquals(Map.of("tokens", 5L, "model", "virtual"), derived.options());
    }

    @Test
    void unknownFieldsBecomeTargetOptions() throws Exception {
        RunSpec spec = parse("{'target':'jwt','connections':5,'tokens':1000,'invalidRatio':0.1,'alg':'RS256'}");
        assertEquals(Map.of("tokens", 1000L, "invalidRatio", 0.1, "alg", "RS256"), spec.options());
        assertEquals("RS256", spec.echo().get("alg"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "[1,2]                                                   | body",
            "{'connections':5}                                       | target",
            "{'target':'nope','connections':5}                       | target",
            "{'target':7,'connections':5}                            | target",
            "{'target':'jwt'}                                        | connections",
            "{'target':'jwt','connections':0}                        | connections",
            "{'target':'jwt','connections':-3}                       | connections",
            "{'target':'jwt','connections':1001}                     | connections",
            "{'target':'jwt','connections':99999999999999}           | connections",
            "{'target':'jwt','connections':2.5}                      | connections",
            "{'target':'jwt','connections':'50'}                     | connections",
            "{'target':'jwt','rate':0}                               | rate",
            "{'target':'jwt','rate':200001}                          | rate",
            "{'target':'jwt','rate':100,'connections':0}             | connections",
            "{'target':'jwt','connections':5,'rampTo':100}           | rampTo",
            "{'target':'jwt','rate':100,'rampTo':100}                | rampTo",
            "{'target':'jwt','rate':100,'rampTo':200001}             | rampTo",
            "{'target':'jwt','connections':5,'duration':'thirty'}    | duration",
            "{'target':'jwt','connections':5,'duration':30}          | duration",
            "{'target':'jwt','connections':5,'duration':'0s'}        | duration",
            "{'target':'jwt','connections':5,'duration':'11m'}       | duration",
            "{'target':'jwt','connections':5,'warmup':'-1s'}         | warmup",
            "{'target':'jwt','connections':5,'warmup':'1h'}          | warmup",
            "{'target':'jwt','connections':5,'timeout':'2m'}         | timeout",
            "{'target':'jwt','connections':5,'timeout':'0ms'}        | timeout" })
    void badSpecsNameTheField(String json, String field) {
        SpecException e = assertThrows(SpecException.class, () -> parse(json));
        assertEquals(field, e.field(), e.getMessage());
    }

    @Test
    void unknownTargetListsTheKnownOnes() {
        SpecException e = assertThrows(SpecException.class, () -> parse("{'target':'x','connections':1}"));
        assertTrue(e.reason().contains("health, jwt"), e.reason());
    }

    @Test
    void connectionsReasonGivesTheRange() {
        SpecException e = assertThrows(SpecException.class,
                () -> parse("{'target':'jwt','connections':0}"));
        assertTrue(e.reason().startsWith("must be between 1 and 1000"), e.reason());
    }
}
