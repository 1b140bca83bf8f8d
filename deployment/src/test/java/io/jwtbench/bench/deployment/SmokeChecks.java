package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Map;
import java.util.function.Predicate;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.response.Response;

/** Reading the bench-smoke readiness check (add this class to the test application's archive). */
final class SmokeChecks {
    private SmokeChecks() {
    }

    /** An application whose smoke bench runs the {@code flip} target briefly, with these classes in its archive. */
    static QuarkusExtensionTest flipSmokeApp() {
        return new QuarkusExtensionTest()
                .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class, FlipTarget.class, SmokeChecks.class))
                .overrideConfigKey("quarkus.http.test-port", "0")
                .overrideRuntimeConfigKey("quarkus.bench.smoke.enabled", "true")
                .overrideRuntimeConfigKey("quarkus.bench.smoke.target", "flip")
                .overrideRuntimeConfigKey("quarkus.bench.smoke.connections", "1")
                .overrideRuntimeConfigKey("quarkus.bench.smoke.duration", "300ms")
                .overrideRuntimeConfigKey("quarkus.bench.smoke.warmup", "0s")
                .overrideRuntimeConfigKey("quarkus.bench.smoke.max-p99", "5s");
    }

    static Map<String, Object> smokeCheck(int expectedStatus) {
        Response r = given().get("/q/health/ready");
        assertEquals(expectedStatus, r.statusCode(), r.asString());
        Map<String, Object> check = r.jsonPath().getMap("checks.find { it.name == 'bench-smoke' }");
        assertNotNull(check, r.asString());
        return check;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(Map<String, Object> check) {
        return (Map<String, Object>) check.get("data");
    }

    /** Polls the readiness check until its data satisfies the condition. */
    static Map<String, Object> awaitData(Predicate<Map<String, Object>> condition, long timeoutMs)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        Map<String, Object> last = null;
        while (System.currentTimeMillis() < deadline) {
            Response r = given().get("/q/health/ready");
            Map<String, Object> check = r.jsonPath().getMap("checks.find { it.name == 'bench-smoke' }");
            last = check == null ? null : data(check);
            if (last != null && condition.test(last)) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("bench-smoke never reached the expected state; last data: " + last);
    }
}
