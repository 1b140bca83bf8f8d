package io.jwtbench.service.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.OwnFleet;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * The compare, sweep and fleet reports against their OpenAPI schemas, both ways, as {@link ReportContractTest}
 * does for a run: real ones (a compare with thresholds, the breakdown and JFR, one caught while it runs; a
 * closed and an open sweep; a fleet of this application alone) are walked through {@code CompareReport},
 * {@code SweepReport} and {@code FleetReport}. A key a schema lacks fails, a value of another type fails, and so
 * does a property none of them wrote, unless it is listed below with the reason. The runs inside (a fleet's
 * merged run, the specs) have their own contract tests.
 */
@QuarkusTest
@TestProfile(OwnFleet.class)
@QuarkusTestResource(LocalIdp.class)
class SeriesContractTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> COVERED_ELSEWHERE = Set.of("RunReport", "RunSpec", "SweepSpec", "Verdict", "Breakdown");

    /** Properties no report here writes, and why: each is checked by the test named. Their own properties are excused too. */
    static final Map<String, String> RARE = Map.ofEntries(
            Map.entry("CompareReport.error", "a compare that could not run (CompareAndRampTest)"),
            Map.entry("CompareReport.rows.error", "a model whose median run failed"),
            Map.entry("CompareReport.runs.error", "a step that could not run"),
            Map.entry("CompareReport.runs.warmupStoppedBecause", "automatic warm-ups (SteadyStateTest)"),
            Map.entry("CompareReport.rows.notSteady", "rounds judged not steady (SteadyStateTest)"),
            Map.entry("SweepReport.error", "a sweep that could not run (SweepApiTest)"),
            Map.entry("SweepReport.steps.error", "a step that could not run (SweepApiTest)"),
            Map.entry("SweepReport.steps.notSteady", "steps judged not steady (SteadyStateTest)"),
            Map.entry("SweepReport.warmupStep", "\"warmup\":\"auto\" sweeps, which may warm up for their whole bound (SteadyStateTest)"),
            // the analysis is a function of the steps' figures, which a busy machine moves: whether these sweeps pass a
            // knee or fit a USL curve is not theirs to promise; SweepAnalysisTest builds steps that do both
            Map.entry("SweepReport.analysis.knee.load", "a sweep past its knee (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.knee.previousLoad", "a sweep past its knee (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.knee.throughputEfficiency", "a sweep past its knee (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.knee.latencyGrowth", "a sweep past its knee (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.knee.percentile", "a sweep past its knee (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.usl.lambda", "a closed sweep whose steps fit USL (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.usl.sigma", "a closed sweep whose steps fit USL (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.usl.kappa", "a closed sweep whose steps fit USL (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.usl.rSquared", "a closed sweep whose steps fit USL (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.usl.peakConcurrency", "a closed sweep whose steps fit USL (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.usl.peakThroughput", "a closed sweep whose steps fit USL (SweepAnalysisTest)"),
            Map.entry("SweepReport.analysis.usl.points", "a closed sweep whose steps fit USL (SweepAnalysisTest)"),
            Map.entry("FleetReport.pods.error", "a pod that refused, failed or could not be reached (FleetIT, FleetPlaintextAllowedTest)"));

    @Test
    void compareReportsMatchTheirSchema() throws Exception {
        assertContract("CompareReport", post("/q/bench/compare", "{\"spec\":{\"target\":\"jwt\",\"connections\":2,\"duration\":\"500ms\","
                + "\"warmup\":\"200ms\",\"breakdown\":true,\"jfr\":true,\"thresholds\":{\"minRps\":1}},"
                + "\"models\":[\"event-loop\",\"worker\"],\"rounds\":2}"),
                whileItRuns("/q/bench/compare", "{\"spec\":{\"target\":\"jwt\",\"connections\":1,\"duration\":\"3s\","
                + "\"warmup\":\"0s\"},\"models\":[\"event-loop\"],\"rounds\":1}"));
    }

    @Test
    void sweepReportsMatchTheirSchema() throws Exception {
        assertContract("SweepReport", post("/q/bench/sweeps", "{\"target\":\"jwt\",\"connections\":[1,2,4,8],\"duration\":\"500ms\","
                + "\"warmup\":\"200ms\",\"pause\":\"100ms\",\"breakdown\":true,\"jfr\":true,\"latencyBound\":\"1m\","
                + "\"thresholds\":{\"minRps\":1}}"),
                post("/q/bench/sweeps", "{\"target\":\"health\",\"rates\":[100,200,400,800],\"connections\":4,"
                + "\"duration\":\"500ms\",\"warmup\":\"200ms\",\"pause\":\"100ms\",\"latencyBound\":\"1ms\"}"));
    }

    @Test
    void fleetReportsMatchTheirSchema() throws Exception {
        JsonNode fleet = post("/q/bench/fleet", "{\"target\":\"health\",\"connections\":2,"
                + "\"duration\":\"500ms\",\"warmup\":\"200ms\",\"thresholds\":{\"minRps\":1}}");
        assertEquals("DONE", fleet.path("status").asText(), fleet.toString());
        assertContract("FleetReport", fleet);
    }

    private static void assertContract(String schema, JsonNode... reports) throws Exception {
        JsonNode schemas = JSON.readTree(given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().asString()).get("components").get("schemas");
        SchemaWalk walk = new SchemaWalk(schemas, RARE, Set.of());
        for (JsonNode report : reports) {
            walk.walk(report, schema);
        }
        assertEquals(List.of(), walk.problems(), "keys or types the schema does not describe");
        assertEquals(Set.of(), walk.unseen(schema, COVERED_ELSEWHERE),
                "in the schema, but no report wrote them (a stale schema, or add them to RARE with the reason)");
        assertTrue(walk.seen().size() > 20, "the walk saw the reports: " + walk.seen());
    }

    private static JsonNode post(String path, String body) throws Exception {
        var response = given().contentType("application/json").body(body).queryParam("wait", "true").post(path);
        assertEquals(200, response.statusCode(), body + " answered " + response.asString());
        return JSON.readTree(response.asString());
    }

    /** The report of one caught while it runs (its "current" step), then cancelled. */
    private static JsonNode whileItRuns(String path, String body) throws Exception {
        var started = given().contentType("application/json").body(body).post(path);
        assertEquals(202, started.statusCode(), body + " answered " + started.asString());
        String location = started.header("Location");
        JsonNode running;
        do {
            Thread.sleep(100);
            running = JSON.readTree(given().get(location).asString());
            assertEquals("RUNNING", running.path("status").asText(), "ended before it was caught running: " + running);
        } while (!running.path("current").has("elapsedSeconds"));
        given().delete(location).then().statusCode(200);
        return running;
    }
}
