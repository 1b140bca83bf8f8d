package io.jwtbench.service.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The run report's JSON and its OpenAPI schema, held against each other in both directions: real runs
 * (closed and open model, every observation on, one caught while it runs) are walked through the
 * {@code RunReport} schema of {@code /q/openapi}. A key the schema lacks, or a value of another type,
 * fails; so does a schema property that none of the runs wrote, unless it is listed below with the
 * reason it is rare. And the codec reads each run back into the very report that was written.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class ReportContractTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Sections of the application's own run extensions: outside the bench's contract (RunReport allows more properties). */
    static final Set<String> APPLICATION_SECTIONS = Set.of("jwtCache", "slowdown");

    /** Properties no run here writes, and why: each is checked by the test named. Their own properties are excused too. */
    static final Map<String, String> RARE = Map.ofEntries(
            Map.entry("RunReport.error", "failed runs only (RunDeadlineTest)"),
            Map.entry("RunReport.startAt", "runs given a start instant, e.g. a fleet's (FleetIT)"),
            Map.entry("Profile.error", "a JVM without process CPU time, or a run that measured nothing"),
            Map.entry("Jvm.ProcessCpu.error", "a JVM without process CPU time"),
            Map.entry("Profile.Component.threadCpuSeconds", "platform threads with CPU but no sample (a busy machine)"),
            Map.entry("Profile.Component.topStacks", "stacks no rule names (ProfileTest)"),
            Map.entry("RunReport.warmup.auto", "automatic warm-ups, which may last their whole bound (SteadyStateTest)"),
            Map.entry("RunReport.warmup.stoppedBecause", "automatic warm-ups (SteadyStateTest)"),
            Map.entry("Steadiness.throughputCv", "runs of at least 5 full seconds, longer than these (SteadyStateTest)"),
            Map.entry("Regression.Change.note", "a metric with fewer than 2 full measured seconds on a side"),
            Map.entry("Regression.Cpu.note", "a run without a CPU profile (\"profile\": false)"));

    static final List<JsonNode> RUNS = new ArrayList<>();
    static JsonNode schemas;

    /** Once, on the first test (a static @BeforeAll would run before the application listens). */
    static synchronized void runs() throws Exception {
        if (!RUNS.isEmpty()) {
            return;
        }
        schemas = JSON.readTree(given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract()
                .asString()).get("components").get("schemas");
        // closed model, every observation, thresholds (a verdict), a fixed warm-up
        RUNS.add(run("{\"target\":\"health\",\"connections\":2,\"duration\":\"2s\",\"warmup\":\"500ms\",\"breakdown\":true,"
                + "\"jfr\":true,\"thresholds\":{\"p99\":\"1m\",\"minRps\":1}}"));
        // open model (uncorrected latency, schedule lag), the jwt target
        RUNS.add(run("{\"target\":\"jwt\",\"rate\":200,\"connections\":4,\"duration\":\"2s\",\"warmup\":\"500ms\","
                + "\"tokens\":50}"));
        // held against the first run (a regression) and against an open-model run (refused: not comparable)
        String first = RUNS.get(0).path("id").asText();
        RUNS.add(run("{\"target\":\"health\",\"connections\":2,\"duration\":\"2s\",\"warmup\":\"500ms\",\"baseline\":\""
                + first + "\"}"));
        RUNS.add(run("{\"target\":\"health\",\"connections\":1,\"duration\":\"1s\",\"baseline\":\""
                + RUNS.get(1).path("id").asText() + "\"}"));
        // caught while it runs: progress
        String location = given().contentType("application/json")
                .body("{\"target\":\"health\",\"connections\":1,\"duration\":\"3s\",\"warmup\":\"0s\",\"profile\":false}")
                .post("/q/bench/runs").then().statusCode(202).extract().header("Location");
        JsonNode running;
        do {
            Thread.sleep(100);
            running = JSON.readTree(given().get(location).asString());
        } while (!"RUNNING".equals(running.path("status").asText()) || running.path("progress").isMissingNode());
        RUNS.add(running);
        given().delete(location).then().statusCode(200);
    }

    static JsonNode run(String spec) throws Exception {
        return JSON.readTree(given().contentType("application/json").body(spec).post("/q/bench/runs?wait=true").then()
                .statusCode(200).extract().asString());
    }

    /** The runs walked through the {@code RunReport} schema. */
    static SchemaWalk walked() throws Exception {
        runs();
        SchemaWalk walk = new SchemaWalk(schemas, RARE, APPLICATION_SECTIONS);
        RUNS.forEach(run -> walk.walk(run, "RunReport"));
        return walk;
    }

    @Test
    void everyKeyOfARunReportIsInTheSchemaWithItsType() throws Exception {
        assertEquals(List.of(), walked().problems(), "keys or types the schema does not describe");
    }

    @Test
    void everySchemaPropertyIsWrittenBySomeRun() throws Exception {
        SchemaWalk walk = walked();
        // the spec's echo has its own schema (RunSpec), checked by RunSpecParserTest
        assertEquals(Set.of(), walk.unseen("RunReport", Set.of("RunSpec")),
                "in the schema, but no run wrote them (a stale schema, or add them to RARE with the reason)");
        assertTrue(walk.seen().size() > 150, "the walk saw the reports: " + walk.seen().size());
    }

    /**
     * The codec reads what the API wrote, whole: writing what it read gives the same JSON, every
     * section included (the application's own as it was). What a fleet and a baseline read is the run.
     */
    @Test
    void aReportReadBackIsWrittenTheSame() throws Exception {
        runs();
        for (JsonNode run : RUNS) {
            int connections = run.path("spec").path("connections").asInt();
            LoadModel model = run.path("loadModel").asText().equals("closed") ? new LoadModel.Closed(connections)
                    : new LoadModel.ConstantRate(run.path("spec").path("rate").asInt(), connections);
            RunReport read = RunReportJson.read(run, model);
            assertEquals(JSON.writeValueAsString(run), JSON.writeValueAsString(RunReportJson.write(read)), run.path("id").asText());
        }
    }
}
