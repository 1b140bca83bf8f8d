package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;

/**
 * By default there is no smoke run: bench-smoke is UP (DISABLED) and the run history stays empty.
 * Watched over a window, not at one instant: a smoke run that started late (after an initial delay,
 * or once the port answers) would show up in the history within it and fail the test.
 */
class SmokeDisabledTest {
    /** Longer than an enabled smoke bench takes to start here (no initial delay, the port already open). */
    private static final long WATCH_MILLIS = 3_000;

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest().withEmptyApplication()
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Test
    void upAndNoRunThroughoutTheWindow() throws Exception {
        long end = System.currentTimeMillis() + WATCH_MILLIS;
        do {
            given().get("/q/health/ready").then().statusCode(200)
                    .body("checks.find { it.name == 'bench-smoke' }.status", equalTo("UP"))
                    .body("checks.find { it.name == 'bench-smoke' }.data.status", equalTo("DISABLED"));
            given().get("/q/bench/runs").then().statusCode(200).body("runs", empty());
            Thread.sleep(250);
        } while (System.currentTimeMillis() < end);
    }
}
