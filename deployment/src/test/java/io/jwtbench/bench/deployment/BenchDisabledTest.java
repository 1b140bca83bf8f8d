package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/** {@code quarkus.bench.enabled=false}: the routes answer like absent ones. */
class BenchDisabledTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withEmptyApplication()
            .overrideRuntimeConfigKey("quarkus.bench.enabled", "false")
            .overrideConfigKey("quarkus.http.test-port", "0"); // other builds may hold 8081

    @Test
    void everyRouteIs404() {
        given().contentType(ContentType.JSON).body("{\"target\":\"health\",\"connections\":1,\"duration\":\"1s\"}")
                .post("/q/bench/runs").then().statusCode(404);
        given().get("/q/bench/runs").then().statusCode(404);
        given().get("/q/bench/runs/abc").then().statusCode(404);
        given().get("/q/bench/runs/abc/histogram").then().statusCode(404);
        given().get("/q/health/live").then().statusCode(200); // the app itself is fine
    }
}
