package io.jwtbench.bench.deployment;

import static io.jwtbench.bench.deployment.SmokeChecks.awaitData;
import static io.jwtbench.bench.deployment.SmokeChecks.smokeCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;

/**
 * By default (rerun-fails-readiness=false) a failed re-run does not take a pod
 * that had passed out of service: the check stays UP and says the re-run failed; the readiness data
 * never says when the next attempt comes.
 */
class SmokeRerunKeepsReadinessTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = SmokeChecks.flipSmokeApp()
            .overrideRuntimeConfigKey("quarkus.bench.smoke.rerun-interval", "500ms");

    @Test
    void aFailedReRunKeepsThePodReady() throws Exception {
        FlipTarget.BROKEN = false;
        try {
            Map<String, Object> first = awaitData(d -> "PASSED".equals(d.get("status")), 20_000);
            assertFalse(first.containsKey("nextAttemptAt"), first.toString());

            FlipTarget.BROKEN = true;
            Map<String, Object> failed = awaitData(d -> "FAILED".equals(d.get("status")), 20_000);
            String reason = String.valueOf(failed.get("reason"));
            assertTrue(reason.startsWith("a re-run failed, readiness kept (quarkus.bench.smoke.rerun-fails-readiness=false): ")
                    && reason.contains("error rate 1 > max-error-rate 0.01"), failed.toString());
            assertEquals("waiting to re-run", failed.get("activity"));
            assertFalse(failed.containsKey("nextAttemptAt"), failed.toString());
            assertEquals("UP", smokeCheck(200).get("status"));

            FlipTarget.BROKEN = false;
            awaitData(d -> "PASSED".equals(d.get("status")), 20_000);
            assertEquals("UP", smokeCheck(200).get("status"));
        } finally {
            FlipTarget.BROKEN = false;
        }
    }
}
