package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** /q/bench/sweeps, the HTML reports and the benchmark-data.json export, against real short runs. */
class SweepApiTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideRuntimeConfigKey("quarkus.bench.max-connections", "100")
            .overrideRuntimeConfigKey("quarkus.bench.steady.auto-warmup-max", "1s") // short automatic warm-ups
            .overrideConfigKey("quarkus.http.test-port", "0"); // other builds may hold 8081

    static io.restassured.response.Response post(String json) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).post("/q/bench/sweeps");
    }

    @Test
    void closedSweepHasOneRowPerStepAnalysisAndRenderings() {
        JsonPath s = given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{\"target\":\"probe\",\"connections\":[1,2,4],\"duration\":\"500ms\",\"warmup\":\"auto\",\"pause\":\"50ms\",\"latencyBound\":\"50ms\",\"breakdown\":true}")
                .post("/q/bench/sweeps").then().statusCode(200).extract().jsonPath();
        assertEquals("DONE", s.getString("status"));
        assertEquals("closed", s.getString("loadModel"));
        List<Map<String, Object>> steps = s.getList("steps");
        assertEquals(3, steps.size(), "the warm-up at the heaviest step is not a step");
        assertNotNull(s.getString("analysis.steadiness"));
        for (int i = 0; i < 3; i++) {
            Map<String, Object> row = steps.get(i);
            assertEquals(List.of(1, 2, 4).get(i), row.get("connections"));
            assertEquals("DONE", row.get("status"));
            assertTrue(((Number) row.get("throughput")).doubleValue() > 0, row.toString());
            for (String k : List.of("p50", "p75", "p90", "p99", "p99_9", "errors", "timeouts", "cpuPercentPeak",
                    "threadsPeak", "breakdown", "steady")) {
                assertNotNull(row.get(k), k + " in " + row);
            }
            // each step is an ordinary run
            given().get("/q/bench/runs/" + row.get("runId")).then().statusCode(200)
                    .body("jvm.threads.peak", not(equalTo(null)));
        }
        assertNotNull(s.get("analysis.knee.found"));
        assertNotNull(s.get("analysis.usl.sigma"));
        assertNotNull(s.get("analysis.usl.rSquared"));
        assertTrue(List.of("cpu-saturation", "serialization", "none-found").contains(s.getString("analysis.limiter.kind")));
        assertEquals(true, s.getBoolean("analysis.latencyBound.found"), s.getString("analysis.latencyBound.description"));

        String id = s.getString("id");
        given().accept("text/plain").get("/q/bench/sweeps/" + id).then().statusCode(200)
                .contentType(containsString("text/plain"))
                .body(containsString("conns      req/s"), containsString("USL fit: σ ="),
                        containsString("best throughput with p99 <= 50 ms"), containsString("Steadiness: "));
        String html = given().get("/q/bench/sweeps/" + id + "/report.html").then().statusCode(200)
                .contentType(containsString("text/html")).extract().asString();
        assertTrue(html.contains("<svg") && html.contains("Throughput vs connections") && html.contains("USL fit"), html);
        assertTrue(html.contains("Where the time went"), "breakdown bars");
        for (String external : List.of("<script", "<link", "src=", "href=\"http", "url(", "@import")) {
            assertTrue(!html.contains(external), "self-contained, yet contains " + external);
        }
        assertTrue(html.length() < 100_000, "small page: " + html.length());

        JsonPath data = given().get("/q/bench/sweeps/" + id + "/benchmark-data.json").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(3, data.getList("benchmarks").size());
        assertEquals("probe@1c", data.getString("benchmarks[0].name"));
        Map<String, Object> p = data.getMap("benchmarks[2].percentiles");
        assertEquals(List.of("0.0", "50.0", "75.0", "90.0", "95.0", "99.0", "99.9", "99.99", "100.0"), List.copyOf(p.keySet()));
        double previous = 0;
        for (Object v : p.values()) {
            double ms = ((Number) v).doubleValue();
            assertTrue(ms >= previous, "real percentiles are monotonic: " + p);
            previous = ms;
        }
        assertEquals(((Number) steps.get(2).get("p99")).doubleValue(), ((Number) p.get("99.0")).doubleValue(), 0.001);
        assertTrue(data.getString("benchmarks[0].throughput").endsWith("ops/s"));
        given().get("/q/bench/sweeps").then().statusCode(200).body("sweeps[0].id", equalTo(id));
    }

    /**
     * Against a server of known delay (each answer 20 ms after its request, on a timer) a closed sweep's throughput
     * is connections ÷ delay: linear, so the USL fit's λ is one connection's throughput. The fit must see each step's
     * own connections; it once saw the first step's for all of them, and took the mean throughput for λ with R² 0.
     */
    @Test
    void theUslFitSeesEachStepsConnections() {
        JsonPath s = given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{'target':'probe','mode':'slow','connections':[1,2,4],'duration':'1s','warmup':'0s','pause':'50ms'}"
                        .replace('\'', '"'))
                .post("/q/bench/sweeps").then().statusCode(200).extract().jsonPath();
        assertEquals("DONE", s.getString("status"));
        double one = s.getDouble("steps[0].throughput");
        double four = s.getDouble("steps[2].throughput");
        String seen = s.getString("analysis.usl.description") + " for " + s.getList("steps.throughput") + " req/s, p50 "
                + s.getList("steps.p50") + " ms";
        assertTrue(four > 2 * one, "a server of known delay scales with connections: " + seen);
        // the mean throughput, had the fit seen one concurrency: (1 + 2 + 4) / 3 = 2.3 times one connection's
        assertTrue(s.getDouble("analysis.usl.lambda") < 1.5 * one, "λ is about one connection's throughput: " + seen);
        assertTrue(s.getDouble("analysis.usl.rSquared") > 0.5, seen);
        System.out.println("a closed sweep against a server of known delay: " + seen);
    }

    @Test
    void runReportAndExport() {
        JsonPath r = given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{\"target\":\"probe\",\"rate\":300,\"connections\":2,\"duration\":\"1s\"}").post("/q/bench/runs")
                .then().statusCode(200).extract().jsonPath();
        String id = r.getString("id");
        String html = given().get("/q/bench/runs/" + id + "/report.html").then().statusCode(200).extract().asString();
        assertTrue(html.contains("Latency by percentile") && html.contains("Throughput over time")
                && html.contains("uncorrected"), html);
        JsonPath data = given().get("/q/bench/runs/" + id + "/benchmark-data.json").then().statusCode(200).extract()
                .jsonPath();
        assertEquals("probe", data.getString("benchmarks[0].name"));
        assertEquals(r.getDouble("latency.p50"), data.getDouble("benchmarks[0].percentiles.'50.0'"), 0.001);
        assertEquals(r.getDouble("latency.p99_9"), data.getDouble("benchmarks[0].percentiles.'99.9'"), 0.001);
        // one second has no spread to estimate a score error from: no field rather than a made-up 0
        assertNull(data.get("benchmarks[0].error"));
        assertNull(data.get("benchmarks[0].errorPercentage"));
        given().queryParam("runs", id + "," + id).get("/q/bench/report.html").then().statusCode(200)
                .body(containsString("<svg"));
        given().get("/q/bench/runs/nope/report.html").then().statusCode(404);
        given().get("/q/bench/sweeps/nope/report.html").then().statusCode(404);
    }

    @Test
    void theSweepHoldsTheBenchBetweenItsSteps() throws InterruptedException {
        String location = post("{'target':'probe','connections':[1,2],'duration':'300ms','warmup':'0s','pause':'3s'}").then()
                .statusCode(202).extract().header("Location");
        String id = location.substring(location.lastIndexOf('/') + 1);
        try {
            long deadline = System.currentTimeMillis() + 10_000;
            while (!"DONE".equals(given().get(location).jsonPath().getString("steps[0].status"))) {
                assertTrue(System.currentTimeMillis() < deadline, "step 1 never ended");
                Thread.sleep(50);
            }
            // in the pause between steps 1 and 2: no run is active, yet the bench is the sweep's
            given().contentType(ContentType.JSON).body("{\"target\":\"probe\",\"connections\":1,\"duration\":\"1s\"}")
                    .post("/q/bench/runs").then().statusCode(409).body("runningId", equalTo(id));
            post("{'target':'probe','connections':[1]}").then().statusCode(409)
                    .body("error", equalTo("sweep in progress"), "runningId", equalTo(id));
        } finally {
            given().delete(location).then().statusCode(200);
        }
    }

    @Test
    void openSweepAndRefusals() {
        post("{'target':'health','connections':[4,2]}").then().statusCode(400).body("field", equalTo("connections[1]"));
        post("{'target':'health','connections':[1,1000]}").then().statusCode(400).body("field", equalTo("connections[1]"));
        post("{'target':'health'}").then().statusCode(400).body("field", equalTo("connections"));
        post("{'target':'health','rates':[100],'boundPercentile':'p42'}").then().statusCode(400)
                .body("field", equalTo("boundPercentile"));
        post("{'target':'probe','connections':[1],'mode':'bogus'}").then().statusCode(400).body("field", equalTo("mode"));

        String location = post("{'target':'health','rates':[100,200],'connections':2,'duration':'1s','pause':'0ms'}")
                .then().statusCode(202).extract().header("Location");
        try {
            post("{'target':'health','connections':[1]}").then().statusCode(409);
            given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":1,\"duration\":\"1s\"}")
                    .post("/q/bench/runs").then().statusCode(409);
        } finally {
            JsonPath cancelled = given().delete(location).then().statusCode(200).extract().jsonPath();
            assertEquals("CANCELLED", cancelled.getString("status"));
            assertEquals("constant-rate", cancelled.getString("loadModel"));
        }
    }
}
