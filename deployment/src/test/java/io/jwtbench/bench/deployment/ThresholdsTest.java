package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * {@code thresholds} on runs and sweeps: the report's {@code verdict} and the text summary's last
 * line. The impossible limits are impossible on any machine (a billion requests per second, every
 * request a failure); the easy ones hold on any machine (p99 within a minute, any error rate).
 */
class ThresholdsTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideConfigKey("quarkus.http.test-port", "0");

    static JsonPath post(String path, String json) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).queryParam("wait", "true")
                .post(path).then().statusCode(200).extract().jsonPath();
    }

    static String lastLine(String text) {
        List<String> lines = text.lines().toList();
        return lines.get(lines.size() - 1);
    }

    @Test
    void impossibleThresholdsFailWithEveryReason() {
        JsonPath r = post("/q/bench/runs", "{'target':'probe','mode':'wrongly-accepted','connections':1,'duration':'1s',"
                + "'thresholds':{'p99':'60s','minRps':1000000000,'maxErrorRate':0.001}}");
        assertEquals("failed", r.getString("verdict.result"));
        List<String> reasons = r.getList("verdict.reasons");
        assertEquals(2, reasons.size(), reasons.toString());
        assertTrue(reasons.get(0).matches("rps [0-9.]+ < min-rps 1000000000"), reasons.get(0));
        assertEquals("error rate 1 > max-error-rate 0.001", reasons.get(1));
        assertEquals("1m", r.getString("spec.thresholds.p99"));

        String text = given().accept("text/plain").get("/q/bench/runs/" + r.getString("id")).asString();
        assertEquals("verdict: failed: " + String.join("; ", reasons), lastLine(text));
        String list = given().get("/q/bench/runs").asString();
        assertTrue(list.contains("\"verdict\":\"failed\""), list);
    }

    @Test
    void reachableThresholdsPass() {
        JsonPath r = post("/q/bench/runs", "{'target':'health','connections':1,'duration':'1s',"
                + "'thresholds':{'p99':'60s','max':'60s','maxErrorRate':1}}");
        assertEquals("passed", r.getString("verdict.result"));
        assertEquals(List.of(), r.getList("verdict.reasons"));
        assertEquals("verdict: passed",
                lastLine(given().accept("text/plain").get("/q/bench/runs/" + r.getString("id")).asString()));
    }

    @Test
    void noThresholdsNoVerdict() {
        JsonPath r = post("/q/bench/runs", "{'target':'health','connections':1,'duration':'200ms'}");
        assertNull(r.get("verdict"));
    }

    /** No warm-up: a sweep's default, "auto", lasts up to 30 s on a loaded machine, longer than the test client waits. */
    @Test
    void sweepPassesWhenOneStepMeetsThem() {
        JsonPath passed = post("/q/bench/sweeps", "{'target':'health','connections':[1,2],'duration':'200ms','warmup':'0s','pause':'0s',"
                + "'thresholds':{'p99':'60s'}}");
        assertEquals("passed", passed.getString("verdict.result"));
        // each step carries its own; on a busy machine a 200 ms step may answer nothing and fail
        assertTrue(passed.getList("steps.verdict").contains("passed"), passed.prettify());

        JsonPath failed = post("/q/bench/sweeps", "{'target':'health','connections':[1,2],'duration':'200ms','warmup':'0s','pause':'0s',"
                + "'thresholds':{'minRps':1000000000}}");
        assertEquals("failed", failed.getString("verdict.result"));
        List<String> reasons = failed.getList("verdict.reasons");
        assertEquals(2, reasons.size(), reasons.toString());
        // "rps .. < min-rps 1000000000", or on a very busy machine "no request was answered ..."
        assertTrue(reasons.get(0).matches("step 1 \\(1 connections\\): (rps .* < min-rps 1000000000|no request was answered.*)"),
                reasons.get(0));
        assertTrue(lastLine(given().accept("text/plain").get("/q/bench/sweeps/" + failed.getString("id")).asString())
                .startsWith("verdict: failed: step 1 (1 connections): "));
    }

    @Test
    void badThresholdsAre400NamingTheField() {
        given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":1,\"thresholds\":{\"p99\":10}}")
                .post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("thresholds.p99"));
        given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":1,\"thresholds\":{\"p42\":\"1ms\"}}")
                .post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("thresholds.p42"));
        given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":1,\"thresholds\":{\"maxErrorRate\":2}}")
                .post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("thresholds.maxErrorRate"));
    }
}
