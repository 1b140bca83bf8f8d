package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;

/** By default there is no smoke run: bench-smoke is UP (DISABLED) and the run history stays empty. */
class SmokeDisabledTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest().withEmptyApplication()
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Test
    void upAndNoRun() throws Exception {
        Thread.sleep(300);
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'bench-smoke' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'bench-smoke' }.data.status", equalTo("DISABLED"));
        given().get("/q/bench/runs").then().statusCode(200).body("runs", empty());
    }
}
