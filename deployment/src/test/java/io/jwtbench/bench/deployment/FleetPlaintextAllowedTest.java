package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** With quarkus.bench.fleet.allow-plaintext-credentials=true a fleet over http starts, credentials and all, as before. */
class FleetPlaintextAllowedTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.bench.fleet.peers", "http://127.0.0.1:1")
            .overrideConfigKey("quarkus.bench.fleet.start-delay", "0s")
            .overrideConfigKey("quarkus.bench.fleet.allow-plaintext-credentials", "true");

    @Test
    void theOptInLetsItStart() {
        JsonPath r = given().contentType(ContentType.JSON).header("Authorization", "Bearer operator.token")
                .body(FleetPlaintextTest.SPEC).queryParam("wait", "true").post("/q/bench/fleet")
                .then().log().ifValidationFails().statusCode(200).extract().jsonPath();
        assertEquals(List.of("UNREACHABLE"), r.getList("pods.state"), r.prettify());
    }
}
