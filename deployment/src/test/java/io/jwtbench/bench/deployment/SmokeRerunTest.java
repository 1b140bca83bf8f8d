package io.jwtbench.bench.deployment;

import static io.jwtbench.bench.deployment.SmokeChecks.awaitData;
import static io.jwtbench.bench.deployment.SmokeChecks.data;
import static io.jwtbench.bench.deployment.SmokeChecks.smokeCheck;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;

/**
 * With rerun-interval and rerun-fails-readiness, a passed smoke bench runs again; a failing re-run
 * takes the check DOWN with the reason, and a later passing retry brings it back UP. When the next
 * attempt comes is never in the readiness data.
 */
class SmokeRerunTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = SmokeChecks.flipSmokeApp()
            .overrideRuntimeConfigKey("quarkus.bench.smoke.retry-backoff", "300ms")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.retry-max-backoff", "300ms")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.rerun-interval", "500ms")
            .overrideRuntimeConfigKey("quarkus.bench.smoke.rerun-fails-readiness", "true");

    @Test
    void reRunsAndAFailingReRunTakesTheCheckDown() throws Exception {
        Map<String, Object> first = awaitData(d -> "PASSED".equals(d.get("status")), 20_000);
        assertFalse(first.containsKey("nextAttemptAt"), "the schedule is not published: " + first);
        assertEquals("waiting to re-run", first.get("activity"));
        Map<String, Object> rerun = awaitData(d -> "PASSED".equals(d.get("status"))
                && !first.get("runId").equals(d.get("runId")), 20_000);
        assertTrue(((Number) rerun.get("attempts")).intValue() >= 2, rerun.toString());

        FlipTarget.BROKEN = true;
        Map<String, Object> failed = awaitData(d -> "FAILED".equals(d.get("status")), 20_000);
        assertTrue(String.valueOf(failed.get("reason")).contains("error rate 1 > max-error-rate 0.01"), failed.toString());
        assertNotNull(failed.get("passedAt"), "the last pass is still reported: " + failed);
        assertEquals("DOWN", smokeCheck(503).get("status"));
        given().get("/q/health/live").then().statusCode(200);

        FlipTarget.BROKEN = false;
        Map<String, Object> back = awaitData(d -> "PASSED".equals(d.get("status")), 20_000);
        assertNotEquals(failed.get("runId"), back.get("runId"));
        Map<String, Object> check = smokeCheck(200);
        assertEquals("UP", check.get("status"));
        assertTrue(!data(check).containsKey("reason"), check.toString());
    }
}
