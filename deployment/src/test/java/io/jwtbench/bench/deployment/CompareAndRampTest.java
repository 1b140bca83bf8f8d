package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.path.json.JsonPath;

/** A compare runs every model with the spec as posted; a ramp's throughput rises through its run. */
@Tag("timing")
class CompareAndRampTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ModelTarget.class, Post.class))
            .overrideRuntimeConfigKey("quarkus.bench.jfr.directory", "target/bench-jfr-compare-test")
            .overrideConfigKey("quarkus.http.test-port", "0"); // other builds may hold 8081

    @Test
    void compareRunsEveryModelWithTheFlagsAsPosted() {
        JsonPath c = Post.andWait("/q/bench/compare", "{'spec':{'target':'modal','connections':1,'duration':'400ms',"
                + "'warmup':'0s','breakdown':true,'jfr':true,'profile':false},'models':['a','b'],'rounds':1}");
        assertEquals("DONE", c.getString("status"));
        assertEquals(true, c.getBoolean("spec.breakdown"), "the compare's echo is the spec as posted (not the default)");
        assertEquals(true, c.getBoolean("spec.jfr"));
        List<Map<String, Object>> rows = c.getList("rows");
        assertEquals(List.of("a", "b"), rows.stream().map(r -> r.get("model")).toList());
        for (Map<String, Object> row : rows) {
            String runId = (String) row.get("runId");
            JsonPath run = given().get("/q/bench/runs/" + runId).then().statusCode(200).extract().jsonPath();
            assertEquals(true, run.getBoolean("spec.breakdown"), "run of model " + row.get("model"));
            assertEquals(false, run.getBoolean("spec.profile"), "run of model " + row.get("model"));
            assertEquals(true, run.getBoolean("spec.jfr"), "run of model " + row.get("model"));
            assertEquals(row.get("model"), run.getString("spec.model"));
            assertTrue(run.getMap("").containsKey("breakdown"), "a breakdown section with breakdown=true");
            assertFalse(run.getMap("").containsKey("profile"), "no profile section with profile=false");
            assertEquals(true, run.getBoolean("jvm.jfr"));
            given().get("/q/bench/runs/" + runId + "/recording.jfr").then().statusCode(200);
        }
    }

    /**
     * With thresholds, a compare passes when every reported round passed: the warm-up steps are not
     * judged, and each failing round is named in the reasons.
     */
    @Test
    void aCompareWithThresholdsIsJudgedRoundByRound() {
        JsonPath passed = Post.andWait("/q/bench/compare", "{'spec':{'target':'modal','connections':1,'duration':'300ms',"
                + "'warmup':'100ms','breakdown':false,'profile':false,'thresholds':{'p99':'1m'}},'models':['a','b'],'rounds':2}");
        assertEquals("passed", passed.getString("verdict.result"), passed.prettify());
        JsonPath failed = Post.andWait("/q/bench/compare", "{'spec':{'target':'modal','connections':1,'duration':'300ms',"
                + "'warmup':'100ms','breakdown':false,'profile':false,'thresholds':{'minRps':1e12}},'models':['a','b'],'rounds':2}");
        assertEquals(0, failed.getInt("runs[0].round"), "warm-up steps ran (and failed the threshold too)");
        assertEquals("failed", failed.getString("verdict.result"));
        List<String> reasons = failed.getList("verdict.reasons");
        assertEquals(4, reasons.size(), "one per model and round: " + reasons);
        assertTrue(reasons.get(0).startsWith("a (round 1): "), reasons.toString());
        assertTrue(reasons.stream().noneMatch(r -> r.contains("round 0")), "warm-up steps are not judged: " + reasons);
    }

    @Test
    void roundsRotateTheOrderAfterAWarmUpOfEveryModel() {
        JsonPath c = Post.andWait("/q/bench/compare", "{'spec':{'target':'modal','connections':1,'duration':'300ms',"
                + "'warmup':'100ms','breakdown':false},'models':['a','b','c'],'rounds':3}");
        assertEquals("DONE", c.getString("status"));
        assertEquals(3, c.getInt("rounds"));
        assertEquals("300ms", c.getString("spec.duration"), "the spec as posted, not the warm-up step's");
        List<String> order = c.getList("runs", Map.class).stream().map(r -> r.get("model") + "" + r.get("round")).toList();
        assertEquals(List.of("a0", "b0", "c0", "a1", "b1", "c1", "b2", "c2", "a2", "c3", "a3", "b3"), order,
                "warm-up steps (round 0), then ABC, BCA, CAB");
        // the runs really ran in that order: run ids grow with their start
        List<String> runIds = c.getList("runs.runId", String.class);
        for (int i = 1; i < runIds.size(); i++) {
            String before = runIds.get(i - 1);
            String after = runIds.get(i);
            assertTrue(given().get("/q/bench/runs/" + before).jsonPath().getString("finishedAt")
                    .compareTo(given().get("/q/bench/runs/" + after).jsonPath().getString("startedAt")) <= 0,
                    before + " finished before " + after + " started");
        }
        List<Map<String, Object>> rows = c.getList("rows");
        assertEquals(List.of("a", "b", "c"), rows.stream().map(r -> r.get("model")).toList());
        for (Map<String, Object> row : rows) {
            assertEquals(3, row.get("rounds"));
            Map<?, ?> rps = (Map<?, ?>) ((Map<?, ?>) row.get("spread")).get("rps");
            float min = ((Number) rps.get("min")).floatValue();
            float median = ((Number) rps.get("median")).floatValue();
            float max = ((Number) rps.get("max")).floatValue();
            assertTrue(min <= median && median <= max, "spread " + rps);
        }
        assertEquals(3, c.getList("rankings").size(), "one verdict per pair");
        String id = c.getString("id");
        given().accept("text/plain").get("/q/bench/compare/" + id).then().statusCode(200)
                .body(containsString("3 round(s), the order rotated each round"), containsString("Verdict: "));
        given().get("/q/bench/compare/" + id + "/benchmark-data.json").then().statusCode(200)
                .body(containsString("\"spread\""), containsString("\"rankings\""));
        given().get("/q/bench/compare/" + id + "/report.html").then().statusCode(200).body(containsString("Verdict: "));
    }

    @Test
    void rampRaisesThroughputThroughTheRunAndSaysSo() {
        JsonPath r = Post.andWait("/q/bench/runs",
                "{'target':'modal','rate':50,'rampTo':450,'connections':4,'duration':'4s','breakdown':false}");
        assertEquals("DONE", r.getString("status"));
        assertEquals("ramp", r.getString("loadModel"));
        assertEquals(450, r.getInt("spec.rampTo"));
        assertTrue(r.getMap("").containsKey("uncorrectedLatency"), "a scheduled model corrects coordinated omission");
        List<Float> rps = r.getList("timeSeries.rps", Float.class);
        assertTrue(rps.size() >= 4, "seconds " + rps);
        // due per second: 100, 200, 300, 400 (the rate's mean over each second of the ramp)
        for (int i = 1; i < 4; i++) {
            assertTrue(rps.get(i) > rps.get(i - 1) + 40, "rises every second: " + rps);
        }
        assertEquals(100, rps.get(0), 30, "first second " + rps);
        assertEquals(400, rps.get(3), 60, "last second " + rps);

        String id = r.getString("id");
        given().accept("text/plain").get("/q/bench/runs/" + id).then().statusCode(200)
                .body(containsString("ramp model, 50→450 req/s (ramp)"));
        given().get("/q/bench/runs/" + id + "/report.html").then().statusCode(200)
                .body(containsString("ramp model"), containsString("50→450 req/s (ramp)"));
    }
}
