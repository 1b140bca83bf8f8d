package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.quarkus.vertx.http.HttpServer;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * With the management interface on, /q/bench moves to the management port (like /q/health), and the
 * health target follows health there: the engine must find the management port.
 */
class BenchManagementInterfaceTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideConfigKey("quarkus.management.enabled", "true")
            // random ports (other builds may hold 8081/9001): the actual ones are read from the server
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.management.test-port", "0");

    @Inject
    HttpServer server;

    @Test
    void routesAndHealthTargetLiveOnTheManagementPort() {
        int mainPort = server.getPort();
        int managementPort = server.getManagementPort();
        assertTrue(mainPort > 0 && managementPort > 0 && mainPort != managementPort, mainPort + " / " + managementPort);
        String management = "http://localhost:" + managementPort;
        given().get("/q/bench/runs").then().statusCode(404); // not on the main port any more
        JsonPath r = given().contentType(ContentType.JSON)
                .body("{\"target\":\"health\",\"connections\":2,\"duration\":\"500ms\"}").queryParam("wait", "true")
                .post(management + "/q/bench/runs").then().statusCode(200).extract().jsonPath();
        assertEquals("DONE", r.getString("status"));
        assertTrue(r.getString("endpoint").startsWith("http://127.0.0.1:" + managementPort + "/q/health/live"), r.getString("endpoint"));
        assertTrue(r.getLong("measured.requests") > 0);
        assertEquals(0, r.getInt("errors.total"));

        // application targets still go to the main port
        JsonPath probe = given().contentType(ContentType.JSON)
                .body("{\"target\":\"probe\",\"connections\":2,\"duration\":\"500ms\"}").queryParam("wait", "true")
                .post(management + "/q/bench/runs").then().statusCode(200).extract().jsonPath();
        assertTrue(probe.getString("endpoint").startsWith("http://127.0.0.1:" + mainPort + "/probe/ok"), probe.getString("endpoint"));
        assertEquals(0, probe.getInt("errors.total"));
        assertTrue(probe.getLong("measured.requests") > 0);
    }
}
