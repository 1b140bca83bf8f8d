package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/** The /q/bench API contract, against real runs on the test application's own HTTP port. */
class BenchApiTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideRuntimeConfigKey("quarkus.bench.max-connections", "100")
            .overrideRuntimeConfigKey("quarkus.bench.max-duration", "1m")
            .overrideConfigKey("quarkus.http.test-port", "0"); // other builds may hold 8081

    static Response post(String json) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).post("/q/bench/runs");
    }

    static JsonPath runAndWait(String json) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).queryParam("wait", "true")
                .post("/q/bench/runs").then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aRunCarriesTheKernelsTcpCountersWhereLinuxHasThem() {
        JsonPath r = runAndWait("{'target':'probe','connections':3,'duration':'1s'}");
        if (!java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/net/netstat"))) {
            assertNull(r.get("kernel"), "no kernel section rather than zeros");
            return;
        }
        // the run's own three connections opened inside the window (no warm-up): a floor the kernel counted, not us
        assertTrue(r.getLong("kernel.connectionsOpened") >= 3, r.getMap("kernel").toString());
        assertTrue(r.getLong("kernel.connectionsAccepted") >= 3, r.getMap("kernel").toString());
        assertNotNull(r.get("kernel.listenOverflows"));
        String text = given().accept("text/plain").get("/q/bench/runs/" + r.getString("id")).then().statusCode(200)
                .extract().asString();
        assertTrue(text.contains("Kernel TCP (namespace): listen overflows "), text);
    }

    @Test
    void shortClosedRunHasCoherentNumbers() {
        JsonPath r = runAndWait("{'target':'health','connections':4,'duration':'1500ms','warmup':'300ms'}");
        assertEquals("DONE", r.getString("status"));
        assertEquals("closed", r.getString("loadModel"));
        assertTrue(r.getString("endpoint").matches("http://127\\.0\\.0\\.1:\\d+/q/health/live"), r.getString("endpoint"));
        assertTrue(r.getLong("warmup.requests") > 0, "warm-up sent requests");

        long requests = r.getLong("measured.requests");
        double seconds = r.getDouble("measured.durationSeconds");
        assertTrue(requests > 50, "requests " + requests);
        assertEquals(1.5, seconds, 0.2);
        assertEquals(requests / seconds, r.getDouble("measured.rps"), requests / seconds * 0.01);
        assertEquals(requests, r.getLong("latency.count"));
        assertEquals(0, r.getInt("errors.total"));
        assertEquals(0, r.getInt("expectedRejections"));
        assertTrue(r.getLong("measured.bytesRead") > 0);
        assertEquals("ms", r.getString("latency.unit"));
        assertNotNull(r.getString("latency.histogram"));
        assertNull(r.get("uncorrectedLatency"));
        assertNull(r.get("progress"));

        float[] percentiles = { r.getFloat("latency.p50"), r.getFloat("latency.p75"), r.getFloat("latency.p90"),
                r.getFloat("latency.p95"), r.getFloat("latency.p99"), r.getFloat("latency.p99_9"),
                r.getFloat("latency.p99_99"), r.getFloat("latency.max") };
        assertTrue(percentiles[0] > 0);
        for (int i = 1; i < percentiles.length; i++) {
            assertTrue(percentiles[i - 1] <= percentiles[i], "percentiles not monotonic: " + r.getMap("latency"));
        }

        List<Map<String, Object>> series = r.getList("timeSeries");
        assertTrue(series.size() >= 1 && series.size() <= 2, "series " + series);
        long sum = series.stream().mapToLong(s -> ((Number) s.get("requests")).longValue()).sum();
        assertEquals(requests, sum, "time series adds up to the total");

        assertTrue(r.getDouble("generator.cpuSeconds") > 0);
        assertEquals(1, r.getInt("generator.eventLoops"));

        String id = r.getString("id");
        given().accept("text/plain").get("/q/bench/runs/" + id).then().statusCode(200)
                .contentType(containsString("text/plain"))
                .body(containsString("Running 1.5s test @ http://127.0.0.1:"),
                        containsString("4 connections"),
                        containsString("Latency Distribution"),
                        containsString(requests + " requests in"),
                        containsString("Requests/sec:"),
                        containsString("Transfer/sec:"));
        given().get("/q/bench/runs/" + id + "/histogram").then().statusCode(200)
                .body(containsString("Value     Percentile TotalCount 1/(1-Percentile)"),
                        containsString(String.format("Total count    = %12d]", requests)));
    }

    @Test
    void openModelCorrectsForCoordinatedOmission() {
        JsonPath r = runAndWait("{'target':'probe','rate':400,'connections':4,'duration':'1s'}");
        assertEquals("DONE", r.getString("status"));
        assertEquals("constant-rate", r.getString("loadModel"));
        long requests = r.getLong("measured.requests");
        // every request the schedule set in the measured window is counted, none dropped at its close:
        // answered, or filed as unsent when the pacer had not sent it by the close (a busy machine delays
        // the pacer; an unsent request is in the corrected latency with its wait, so at most 400/s x the
        // window's max latency of them). Answers are filed when they arrive, so requests due before the
        // window opened but still in flight or queued at the switch count too: each was due at most its own
        // corrected latency before the opening, so at most 400/s x that max latency of them (+1 for the
        // schedule's rounding)
        double window = r.getDouble("measured.durationSeconds");
        double maxLatencySeconds = r.getDouble("latency.max") / 1000;
        long carriedIn = (long) Math.ceil(400 * maxLatencySeconds) + 1;
        long unsent = r.getLong("generator.unsentAtStop");
        assertTrue(unsent <= carriedIn, unsent + " unsent at the close, max latency " + maxLatencySeconds + " s");
        assertTrue(requests + unsent >= Math.floor(400 * window) - 1 && requests <= Math.ceil(400 * window) + carriedIn,
                requests + " requests in " + window + " s at 400/s, max latency " + maxLatencySeconds + " s; errors "
                        + r.getMap("errors") + ", generator " + r.getMap("generator") + ", warm-up " + r.getMap("warmup"));
        assertEquals(0, r.getInt("errors.total"));
        assertNotNull(r.get("uncorrectedLatency.p99"));
        assertNotNull(r.get("generator.scheduleLagMs.p50"));
        assertNotNull(r.get("generator.scheduleLagMs.p99"));
        assertNotNull(r.get("generator.inFlightAtStop"));
        assertNotNull(r.get("generator.lateStarts"));
        assertNotNull(r.get("generator.maxScheduleLagMs"));
        assertNotNull(r.get("generator.connectionWaitMs"));
        given().queryParam("uncorrected", "true").get("/q/bench/runs/" + r.getString("id") + "/histogram").then()
                .statusCode(200).body(containsString("Percentile"));
        given().queryParam("uncorrected", "yes").get("/q/bench/runs/" + r.getString("id") + "/histogram").then()
                .statusCode(400).body("field", equalTo("uncorrected")); // not the corrected one, silently
        given().queryParam("uncorected", "true").get("/q/bench/runs/" + r.getString("id") + "/histogram").then()
                .statusCode(400).body("field", equalTo("uncorected"), "reason", containsString("it takes uncorrected"));
        given().queryParam("hots", "https://h:8443").get("/q/bench/runs/" + r.getString("id") + "/hyperfoil.yaml").then()
                .statusCode(400).body("field", equalTo("hots"), "reason", containsString("it takes host"));
    }

    @Test
    void expectedRejectionsAreNotErrors() {
        JsonPath r = runAndWait("{'target':'probe','connections':2,'duration':'500ms','mode':'reject'}");
        assertTrue(r.getLong("expectedRejections") > 0);
        assertEquals(r.getLong("measured.requests"), r.getLong("expectedRejections"));
        assertEquals(0, r.getInt("errors.total"));
        assertEquals(0, r.getInt("unexpectedSuccesses"));
        assertEquals("reject", r.getString("options.mode"));
        assertEquals("reject", r.getString("spec.mode"));

        JsonPath wrong = runAndWait("{'target':'probe','connections':2,'duration':'500ms','mode':'wrongly-accepted'}");
        assertTrue(wrong.getLong("unexpectedSuccesses") > 0);
        assertEquals(0, wrong.getLong("expectedRejections"));
    }

    @Test
    void startAnswers202WithLocationThenConflictsThenCancels() throws Exception {
        Response started = post("{'target':'health','connections':2,'duration':'30s'}");
        started.then().statusCode(202).header("Location", notNullValue()).body("status", notNullValue());
        String id = started.jsonPath().getString("id");
        String location = started.getHeader("Location");
        assertTrue(location.endsWith("/q/bench/runs/" + id), location);

        post("{'target':'health','connections':2,'duration':'1s'}").then().statusCode(409)
                .body("error", equalTo("run in progress"), "runningId", equalTo(id));
        // a flag that is neither true nor false is refused before anything starts, not read as false
        given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":2,\"duration\":\"1s\"}")
                .post("/q/bench/runs?wait=1").then().statusCode(400).body("field", equalTo("wait"));
        // a misspelt parameter too: it would start a run that does not wait
        for (String route : List.of("runs", "compare", "sweeps", "fleet")) {
            given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":2,\"duration\":\"1s\"}")
                    .post("/q/bench/" + route + "?wiat=true").then().statusCode(400)
                    .body("field", equalTo("wiat"), "reason", equalTo("not a query parameter of this route: it takes wait"));
        }

        try {
            JsonPath live = given().get(location).then().statusCode(200).extract().jsonPath();
            for (int i = 0; i < 50 && live.get("progress.lastSecondP99") == null; i++) { // deadline: 5 s
                Thread.sleep(100); // until the first one-second tick of measurement
                live = given().get(location).then().statusCode(200).extract().jsonPath();
            }
            assertEquals("RUNNING", live.getString("status"));
            assertTrue(live.getLong("progress.requests") > 0, "live progress " + live.getMap("progress"));
            assertTrue(live.getDouble("progress.elapsedSeconds") > 0.9);
            assertTrue(live.getDouble("progress.currentRps") > 0);
        } catch (AssertionError | RuntimeException e) {
            given().delete(location); // leave the engine free for the other tests
            throw e;
        }

        JsonPath cancelled = given().delete(location).then().statusCode(200).extract().jsonPath();
        assertEquals("CANCELLED", cancelled.getString("status"));
        assertTrue(cancelled.getLong("measured.requests") > 0, "a cancelled run keeps what it measured");
        assertTrue(cancelled.getDouble("measured.durationSeconds") < 5);
        assertTrue(cancelled.getFloat("latency.p99") > 0);
        given().get(location).then().statusCode(200).body("status", equalTo("CANCELLED"));

        // free again
        runAndWait("{'target':'health','connections':1,'duration':'200ms'}");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{not json                                           | body",
            "''                                                  | body",
            "{'target':'nope','connections':5}                   | target",
            "{'target':'health'}                                 | connections",
            "{'target':'health','connections':0}                 | connections",
            "{'target':'health','connections':-1}                | connections",
            "{'target':'health','connections':101}               | connections",
            "{'target':'health','rate':-5}                       | rate",
            "{'target':'health','rate':300000}                   | rate",
            "{'target':'health','connections':5,'duration':'x'}  | duration",
            "{'target':'health','connections':5,'duration':'2m'} | duration",
            "{'target':'health','connections':5,'warmup':'soon'} | warmup",
            "{'target':'health','connections':5,'timeout':'0s'}  | timeout",
            "{'target':'health','connections':5,'tokens':10}     | tokens",
            "{'target':'probe','connections':5,'mode':'loud'}    | mode",
            "{'target':'health','connections':5,'tls':true}      | tls",
            "{'target':'health','connections':5,'tls':'yes'}     | tls",
            "{'target':'health','connections':5,'protocol':'h3'} | protocol",
            "{'target':'health','connections':5,'streams':2}     | streams",
            "{'target':'health','connections':5,'protocol':'h2','streams':1001} | streams",
            "{'target':'health','connections':5,'keepAlive':0}   | keepAlive",
            "{'target':'health','connections':5,'tlsEngine':'jdk'} | tlsEngine" })
    void badInputIs400NamingTheField(String json, String field) {
        post(json.equals("''") ? "" : json).then().statusCode(400)
                .contentType(containsString("application/json"))
                .body("error", equalTo("invalid run spec"), "field", equalTo(field), "reason", notNullValue());
    }

    @Test
    void tlsWithoutAnHttpsPortSaysWhatToConfigure() {
        post("{'target':'health','connections':1,'tls':true}").then().statusCode(400).body("field", equalTo("tls"),
                "reason", containsString("quarkus.http.ssl-port"));
        post("{'target':'health','connections':1,'protocol':'h3'}").then().statusCode(400).body("field",
                equalTo("protocol"), "reason", containsString("http/1.1"));
    }

    @Test
    void unknownTargetReasonListsTheTargets() {
        post("{'target':'nope','connections':5}").then().statusCode(400)
                .body("reason", containsString("health, probe"));
    }

    @Test
    void unknownRunIs404() {
        given().get("/q/bench/runs/doesnotexist").then().statusCode(404).body("error", equalTo("no such run"));
        given().delete("/q/bench/runs/doesnotexist").then().statusCode(404);
        given().get("/q/bench/runs/doesnotexist/histogram").then().statusCode(404);
    }

    @Test
    void listShowsTargetsAndRuns() {
        String id = runAndWait("{'target':'health','connections':1,'duration':'200ms'}").getString("id");
        given().get("/q/bench/runs").then().statusCode(200)
                .body("targets.name", org.hamcrest.Matchers.hasItems("health", "probe"),
                        "runs[0].id", equalTo(id), "runs[0].status", equalTo("DONE"),
                        "runs[0].requests", org.hamcrest.Matchers.greaterThan(0));
    }

    @Test
    void locationIsRelativeToTheNonApplicationRoot() {
        Response started = post("{'target':'health','connections':1,'duration':'200ms'}");
        started.then().statusCode(202).header("Location", endsWith(started.jsonPath().getString("id")));
        given().queryParam("wait", "true").get(started.getHeader("Location")).then().statusCode(200);
        await(started.getHeader("Location"));
    }

    static void await(String location) {
        for (int i = 0; i < 100; i++) {
            String status = given().get(location).jsonPath().getString("status");
            if (!status.equals("QUEUED") && !status.equals("WARMUP") && !status.equals("RUNNING")) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("run did not finish: " + location);
    }
}
