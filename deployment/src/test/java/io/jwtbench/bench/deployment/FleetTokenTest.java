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
 * With quarkus.bench.fleet.token-secret the coordinator sends its pods a short-lived
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

    /**
     * A fleet token opens its own fleet's run and nothing else: not an operator's run, not another fleet's, not a
     * baseline (which a pod never gets from its coordinator), not a second run. Before, any valid token read and
     * cancelled any run by id and posted any body.
     */
    @Test
    void aFleetTokenOpensItsOwnFleetsRunOnly() {
        String spec = "{\"target\":\"health\",\"connections\":1,\"duration\":\"200ms\"}";
        String operators = given().header(HeaderAuthMechanism.HEADER, OPERATOR).contentType(ContentType.JSON).body(spec)
                .queryParam("wait", "true").post("/q/bench/runs").then().statusCode(200).extract().jsonPath().getString("id");
        String f1 = FleetToken.sign(SECRET, "f1", Instant.now().plusSeconds(60));
        String f2 = FleetToken.sign(SECRET, "f2", Instant.now().plusSeconds(60));
        JsonPath started = given().header(FleetToken.HEADER, f1).contentType(ContentType.JSON).body(spec)
                .queryParam("wait", "true").post("/q/bench/runs").then().statusCode(200).extract().jsonPath();
        String fleetRun = started.getString("id");

        given().header(FleetToken.HEADER, f1).get("/q/bench/runs/" + fleetRun).then().statusCode(200);
        for (String run : new String[] { operators, fleetRun }) {
            JsonPath refused = given().header(FleetToken.HEADER, f2).get("/q/bench/runs/" + run).then().statusCode(403)
                    .extract().jsonPath();
            assertEquals("this X-Bench-Fleet-Token opens the runs of fleet f2 only", refused.getString("reason"));
            given().header(FleetToken.HEADER, f2).delete("/q/bench/runs/" + run).then().statusCode(403);
        }
        given().header(FleetToken.HEADER, f1).get("/q/bench/runs/" + operators).then().statusCode(403);
        given().header(FleetToken.HEADER, f1).delete("/q/bench/runs/" + operators).then().statusCode(403);
        given().header(FleetToken.HEADER, f1).get("/q/bench/runs/no-such-run").then().statusCode(403);
        assertEquals("fleet f1", started.getString("trigger"), "the run names the fleet that started it");

        JsonPath baseline = given().header(FleetToken.HEADER, FleetToken.sign(SECRET, "f3", Instant.now().plusSeconds(60)))
                .contentType(ContentType.JSON).body(spec.replace("}", ",\"baseline\":\"" + operators + "\"}"))
                .post("/q/bench/runs").then().statusCode(400).extract().jsonPath();
        assertEquals("baseline", baseline.getString("field"), baseline.prettify());
        JsonPath again = given().header(FleetToken.HEADER, f1).contentType(ContentType.JSON).body(spec).post("/q/bench/runs")
                .then().statusCode(400).extract().jsonPath();
        assertEquals("fleet f1 already started its run here: " + fleetRun, again.getString("reason"));
    }
}
