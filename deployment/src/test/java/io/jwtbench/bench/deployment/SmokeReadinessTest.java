package io.jwtbench.bench.deployment;

import static io.jwtbench.bench.deployment.SmokeChecks.awaitData;
import static io.jwtbench.bench.deployment.SmokeChecks.data;
import static io.jwtbench.bench.deployment.SmokeChecks.smokeCheck;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.path.json.JsonPath;

/**
 * The smoke bench passes: bench-smoke is DOWN until it has, then UP with its figures and thresholds;
 * the run is in the history with trigger smoke; an operator's run started meanwhile makes the smoke
 * bench wait instead of failing. The gate target holds the smoke bench in prepare() until the test
 * lets it go, so nothing here depends on how fast the machine is.
 */
class SmokeReadinessTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class, GateTarget.class, SmokeChecks.class))
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.enabled", "true")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.target", "gate")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.connections", "2")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.duration", "1s")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.warmup", "200ms")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.min-rps", "10")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.max-p99", "2s");

    @Test
    void downUntilTheSmokeRunPassesAndWaitsForAnOperatorsRun() throws Exception {
        Map<String, Object> pending = data(smokeCheck(503));
        assertEquals("PENDING", pending.get("status"));
        assertEquals("no smoke run has passed yet", pending.get("reason"));
        assertEquals("preparing target gate", pending.get("activity"));
        given().get("/q/health/live").then().statusCode(200);

        // an operator's run starts while the smoke bench prepares: it waits, it does not fail
        String operatorRun = given().contentType("application/json")
                .body("{\"target\":\"health\",\"connections\":1,\"duration\":\"3s\"}").post("/q/bench/runs")
                .then().statusCode(202).extract().jsonPath().getString("id");
        GateTarget.OPEN.countDown();
        Map<String, Object> waiting = awaitData(
                d -> ("waiting for run " + operatorRun + " to finish (one run at a time)").equals(d.get("activity")),
                10_000);
        assertEquals("PENDING", waiting.get("status"));
        assertEquals(0, ((Number) waiting.get("attempts")).intValue());

        Map<String, Object> passed = awaitData(d -> "PASSED".equals(d.get("status")), 20_000);
        assertEquals("UP", smokeCheck(200).get("status"));
        assertEquals(1, ((Number) passed.get("attempts")).intValue());
        assertEquals("gate", passed.get("target"));
        assertTrue(Double.parseDouble((String) passed.get("rps")) >= 10, passed.toString());
        assertTrue(Double.parseDouble((String) passed.get("p99Ms")) <= 2000, passed.toString());
        assertEquals("10", passed.get("minRps"));
        assertEquals("2000", passed.get("maxP99Ms"));
        assertEquals("0.01", passed.get("maxErrorRate"));
        assertEquals("0", passed.get("errorRate"));
        assertNotNull(passed.get("passedAt"));
        assertFalse(passed.containsKey("reason"), passed.toString());
        assertFalse(passed.containsKey("nextAttemptAt"), passed.toString()); // no re-run by default

        String runId = (String) passed.get("runId");
        JsonPath run = given().get("/q/bench/runs/" + runId).then().statusCode(200).extract().jsonPath();
        assertEquals("smoke", run.getString("trigger"));
        assertEquals("DONE", run.getString("status"));
        JsonPath list = given().get("/q/bench/runs").then().statusCode(200).extract().jsonPath();
        assertEquals("smoke", list.getString("runs.find { it.id == '" + runId + "' }.trigger"));
        assertEquals("api", list.getString("runs.find { it.id == '" + operatorRun + "' }.trigger"));
        given().get("/q/health/live").then().statusCode(200);
    }
}
