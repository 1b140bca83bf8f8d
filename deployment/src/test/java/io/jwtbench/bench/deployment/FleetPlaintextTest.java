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
 * A fleet run forwards the caller's Authorization header to every pod, so it
 * refuses pods that are not https unless quarkus.bench.fleet.allow-plaintext-credentials (here: off).
 */
class FleetPlaintextTest {
    static final String SPEC = "{\"target\":\"health\",\"connections\":1,\"duration\":\"100ms\"}";

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.bench.fleet.peers", "https://127.0.0.1:1,http://127.0.0.1:2")
            .overrideConfigKey("quarkus.bench.fleet.start-delay", "0s");

    @Test
    void credentialsAreNotSentInClearText() {
        JsonPath r = given().contentType(ContentType.JSON).header("Authorization", "Bearer operator.token").body(SPEC)
                .post("/q/bench/fleet").then().log().ifValidationFails().statusCode(400).extract().jsonPath();
        assertEquals("fleet", r.getString("field"));
        String reason = r.getString("reason");
        assertTrue(reason.contains("quarkus.bench.fleet.allow-plaintext-credentials=true"), reason);
        assertTrue(reason.contains("pod http://127.0.0.1:2 is not https"), reason);
    }

    /** Nothing to forward: nothing to protect, the fleet starts (its pods are unreachable here). */
    @Test
    void withoutCredentialsTheFleetStarts() {
        given().contentType(ContentType.JSON).body(SPEC).queryParam("wait", "true").post("/q/bench/fleet")
                .then().log().ifValidationFails().statusCode(200);
    }
}
