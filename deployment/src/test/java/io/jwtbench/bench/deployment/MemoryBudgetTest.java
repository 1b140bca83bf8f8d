package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/** The engine's own share of a run (connections, histograms) counts against quarkus.bench.memory-budget. */
class MemoryBudgetTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withEmptyApplication()
            .overrideRuntimeConfigKey("quarkus.bench.memory-budget", "4M")
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Test
    void tooManyConnectionsForTheBudgetIsA400() {
        given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":1000,\"duration\":\"1s\"}")
                .post("/q/bench/runs").then().statusCode(400)
                .body("field", equalTo("connections")).body("reason", containsString("quarkus.bench.memory-budget"));
        given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":[10,1000],\"duration\":\"1s\"}")
                .post("/q/bench/sweeps").then().statusCode(400).body("field", equalTo("connections"));
        given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{\"target\":\"health\",\"connections\":2,\"duration\":\"300ms\"}")
                .post("/q/bench/runs").then().statusCode(200).body("status", equalTo("DONE"));
    }
}
