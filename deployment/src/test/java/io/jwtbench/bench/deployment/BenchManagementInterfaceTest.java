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
 * With the management interface on, /q/bench moves to the management port (like /q/health), and the
 * health target follows health there: the engine must find the management port.
 */
class BenchManagementInterfaceTest {
    private static final String MANAGEMENT = "http://localhost:9001";

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideConfigKey("quarkus.management.enabled", "true");

    @Test
    void routesAndHealthTargetLiveOnTheManagementPort() {
        given().get("/q/bench/runs").then().statusCode(404); // not on the main port any more
        JsonPath r = given().contentType(ContentType.JSON)
                .body("{\"target\":\"health\",\"connections\":2,\"duration\":\"500ms\"}").queryParam("wait", "true")
                .post(MANAGEMENT + "/q/bench/runs").then().statusCode(200).extract().jsonPath();
        assertEquals("DONE", r.getString("status"));
        assertTrue(r.getString("endpoint").startsWith("http://127.0.0.1:9001/q/health/live"), r.getString("endpoint"));
        assertTrue(r.getLong("measured.requests") > 0);
        assertEquals(0, r.getInt("errors.total"));

        // application targets still go to the main port
        JsonPath probe = given().contentType(ContentType.JSON)
                .body("{\"target\":\"probe\",\"connections\":2,\"duration\":\"500ms\"}").queryParam("wait", "true")
                .post(MANAGEMENT + "/q/bench/runs").then().statusCode(200).extract().jsonPath();
        assertTrue(probe.getString("endpoint").startsWith("http://127.0.0.1:8081/probe/ok"), probe.getString("endpoint"));
        assertEquals(0, probe.getInt("errors.total"));
        assertTrue(probe.getLong("measured.requests") > 0);
    }
}
