package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * A negative {@code quarkus.bench.fleet.grace} would count every pod as lost before its run's planned end: a fleet
 * run is refused naming the property, before any pod is contacted, and nothing else of the bench is affected.
 */
class FleetGraceTest {
    static final String SPEC = "{\"target\":\"health\",\"connections\":1,\"duration\":\"100ms\"}";

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest().overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.bench.fleet.peers", "http://127.0.0.1:1")
            .overrideConfigKey("quarkus.bench.fleet.grace", "-1s");

    @Test
    void aNegativeGraceIsRefusedNamingIt() {
        JsonPath fleet = given().contentType(ContentType.JSON).body(SPEC).post("/q/bench/fleet").then().statusCode(400)
                .extract().jsonPath();
        assertEquals("fleet", fleet.getString("field"), fleet.prettify());
        assertTrue(fleet.getString("reason").startsWith("quarkus.bench.fleet.grace is negative (PT-1S)"), fleet.prettify());
        given().contentType(ContentType.JSON).body(SPEC).queryParam("wait", "true").post("/q/bench/runs").then().statusCode(200);
    }
}
