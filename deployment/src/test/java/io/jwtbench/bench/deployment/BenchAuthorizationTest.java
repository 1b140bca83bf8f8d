package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/**
 * quarkus.bench.security.enabled (what prod does by default): every bench route, reads included,
 * needs the role from the application's own authentication; there is no HTTP permission naming
 * /q/bench at all, the handlers check.
 */
class BenchAuthorizationTest {
    static final String SPEC = "{\"target\":\"health\",\"connections\":1,\"duration\":\"30s\"}";

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(HeaderAuthMechanism.class))
            .overrideRuntimeConfigKey("quarkus.bench.security.enabled", "true")
            .overrideConfigKey("quarkus.http.auth.proactive", "false") // identities resolved only when the bench asks
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Test
    void noCallerIsChallengedOnEveryRoute() {
        given().contentType(ContentType.JSON).body(SPEC).post("/q/bench/runs")
                .then().statusCode(401).header("WWW-Authenticate", HeaderAuthMechanism.CHALLENGE);
        for (String path : new String[] { "/q/bench/runs", "/q/bench/runs/r1", "/q/bench/runs/r1/histogram",
                "/q/bench/runs/r1/recording.jfr", "/q/bench/runs/r1/hyperfoil.yaml", "/q/bench/runs/r1/report.html", "/q/bench/runs/r1/benchmark-data.json",
                "/q/bench/report.html?runs=r1", "/q/bench/compare", "/q/bench/compare/s1", "/q/bench/compare/s1/report.html",
                "/q/bench/sweeps", "/q/bench/sweeps/s1", "/q/bench/sweeps/s1/benchmark-data.json",
                "/q/bench/fleet", "/q/bench/fleet/f1", "/q/bench/fleet/f1/events" }) {
            given().get(path).then().statusCode(401);
            given().delete(path).then().statusCode(401);
        }
    }

    @Test
    void aFailedAuthenticationIsChallenged() {
        given().header(HeaderAuthMechanism.HEADER, "!").get("/q/bench/runs")
                .then().statusCode(401).header("WWW-Authenticate", HeaderAuthMechanism.CHALLENGE);
    }

    @Test
    void aCallerWithoutTheRoleIsForbidden() {
        given().header(HeaderAuthMechanism.HEADER, "viewer").contentType(ContentType.JSON).body(SPEC).post("/q/bench/runs")
                .then().statusCode(403);
        given().header(HeaderAuthMechanism.HEADER, "viewer").get("/q/bench/runs").then().statusCode(403);
    }

    @Test
    void theOperatorStartsReadsAndCancels() {
        String operator = "viewer,bench-operator";
        String location = given().header(HeaderAuthMechanism.HEADER, operator).contentType(ContentType.JSON).body(SPEC)
                .post("/q/bench/runs").then().statusCode(202).extract().header("Location");
        given().header(HeaderAuthMechanism.HEADER, operator).get(location).then().statusCode(200);
        given().delete(location).then().statusCode(401);
        given().header(HeaderAuthMechanism.HEADER, operator).delete(location).then().statusCode(200);
    }
}
