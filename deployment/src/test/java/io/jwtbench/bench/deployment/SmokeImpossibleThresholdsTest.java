package io.jwtbench.bench.deployment;

import static io.jwtbench.bench.deployment.SmokeChecks.awaitData;
import static io.jwtbench.bench.deployment.SmokeChecks.data;
import static io.jwtbench.bench.deployment.SmokeChecks.smokeCheck;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.path.json.JsonPath;

/**
 * Thresholds no run can meet (and requests the target rejects): bench-smoke stays DOWN, explains every
 * violated threshold, retries with back-off; liveness is not affected.
 */
class SmokeImpossibleThresholdsTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class, SmokeChecks.class))
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.enabled", "true")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.target", "probe")
            // deliberately bad requests that the route accepts: unexpected successes count as errors
            .overrideRuntimeConfigKey("quarkus.bench.smoke.options.mode", "wrongly-accepted")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.connections", "1")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.duration", "300ms")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.warmup", "0s")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.min-rps", "1000000000")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.retry-backoff", "200ms")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.retry-max-backoff", "400ms");

    @Test
    void staysDownWithTheReasonAndRetries() throws Exception {
        // the judged failure: while the next attempt prepares (200 ms later) the status stays FAILED without a next attempt
        Map<String, Object> failed = awaitData(d -> "FAILED".equals(d.get("status")) && d.get("lastRunAt") != null
                && "waiting to retry".equals(d.get("activity")), 10_000);
        String reason = (String) failed.get("reason");
        assertTrue(reason.contains("< min-rps 1000000000"), reason);
        assertTrue(reason.contains("error rate 1 > max-error-rate 0.01"), reason);
        assertEquals("1", failed.get("errorRate"));
        // the smoke run's own report is judged by the same code, in the same words
        JsonPath run = given().get("/q/bench/runs/" + failed.get("runId")).then().statusCode(200).extract().jsonPath();
        assertEquals("failed", run.getString("verdict.result"));
        assertEquals(reason, String.join("; ", run.<String>getList("verdict.reasons")));
        assertEquals(1e9, run.getDouble("spec.thresholds.minRps"));
        // When the next attempt comes is not published (anyone may read readiness)
        assertFalse(failed.containsKey("nextAttemptAt"), failed.toString());

        // retried, still DOWN, liveness UP all along
        awaitData(d -> ((Number) d.get("attempts")).intValue() >= 3, 15_000);
        Map<String, Object> check = smokeCheck(503);
        assertEquals("DOWN", check.get("status"));
        assertTrue(!data(check).containsKey("passedAt"), check.toString());
        given().get("/q/health/live").then().statusCode(200);
    }
}
