package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.jwtbench.bench.runtime.fleet.FleetToken;
import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Issue 21, point 2: with quarkus.bench.fleet.token-secret the coordinator sends its pods a short-lived
 * fleet token, not the caller's credentials; a pod accepts it in place of the role on the routes a
 * fleet uses, and nowhere else. Here the application is its own one-pod fleet.
 */
class FleetTokenTest {
    static final String SECRET = "0123456789abcdef0123456789abcdef";
    static final int PORT = freePort();
    static final String OPERATOR = "bench-operator";

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(HeaderAuthMechanism.class))
            .overrideRuntimeConfigKey("quarkus.bench.security.enabled", "true")
            .overrideConfigKey("quarkus.http.auth.proactive", "false")
            .overrideConfigKey("quarkus.http.test-port", String.valueOf(PORT))
            .overrideConfigKey("quarkus.bench.fleet.peers", "http://127.0.0.1:" + PORT)
            .overrideConfigKey("quarkus.bench.fleet.start-delay", "0s")
            .overrideConfigKey("quarkus.bench.fleet.allow-plaintext-credentials", "true")
            .overrideConfigKey("quarkus.bench.fleet.token-secret", SECRET);

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theFleetRunsOnItsOwnTokenAndThePodAcceptsItOnlyForRuns() {
        // the caller authenticates with the application's mechanism; the pod (this one) gets only the fleet token
        JsonPath fleet = given().header(HeaderAuthMechanism.HEADER, OPERATOR).contentType(ContentType.JSON)
                .body("{\"target\":\"health\",\"connections\":1,\"duration\":\"300ms\"}").queryParam("wait", "true")
                .post("/q/bench/fleet").then().log().ifValidationFails().statusCode(200).extract().jsonPath();
        assertEquals(List.of("DONE"), fleet.getList("pods.state"), fleet.prettify());
        assertEquals("DONE", fleet.getString("status"));

        String token = FleetToken.sign(SECRET, "f9", Instant.now().plusSeconds(60));
        String id = given().header(FleetToken.HEADER, token).contentType(ContentType.JSON)
                .body("{\"target\":\"health\",\"connections\":1,\"duration\":\"200ms\"}").queryParam("wait", "true")
                .post("/q/bench/runs").then().statusCode(200).extract().jsonPath().getString("id");
        given().header(FleetToken.HEADER, token).get("/q/bench/runs/" + id).then().statusCode(200);
        given().header(FleetToken.HEADER, token).delete("/q/bench/runs/" + id).then().statusCode(200);
        // nowhere else: not the lists, not the renderings, not sweeps or fleets
        for (String path : new String[] { "/q/bench/runs", "/q/bench/runs/" + id + "/report.html", "/q/bench/sweeps",
                "/q/bench/fleet", "/q/bench/runs/" + id + "/events" }) {
            given().header(FleetToken.HEADER, token).get(path).then().statusCode(401);
        }
        // forged, expired
        given().header(FleetToken.HEADER, FleetToken.sign(SECRET.replace('0', 'x'), "f9", Instant.now().plusSeconds(60)))
                .get("/q/bench/runs/" + id).then().statusCode(401);
        given().header(FleetToken.HEADER, FleetToken.sign(SECRET, "f9", Instant.now().minusSeconds(1)))
                .get("/q/bench/runs/" + id).then().statusCode(401);
    }
}
