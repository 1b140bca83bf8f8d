package io.jwtbench.service.bench;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code jwt} target on the gateways' forward-auth route ({@code "route":"forward-auth"}): a run, a model compare,
 * a transport compare, a sweep and a run against a baseline all work on it, and each really loaded the route, as the
 * route's own counter ({@code jwt_forward_auth_total}, which the bench does not compute) says.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class ForwardAuthBenchTest {
    static final String SPEC = "{'target':'jwt','route':'forward-auth','connections':2,'duration':'500ms','warmup':'0s','tokens':10";

    static JsonPath post(String path, String body) {
        return given().contentType("application/json").body(body.replace('\'', '"')).post(path + "?wait=true").then().log()
                .ifValidationFails().statusCode(200).extract().jsonPath();
    }

    /** Every answer of the route so far, from /q/metrics. */
    static double routeAnswers() {
        double sum = 0;
        for (String line : given().get("/q/metrics").then().statusCode(200).extract().asString().split("\n")) {
            if (line.startsWith("jwt_forward_auth_total{")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }

    @Test
    void runsComparesSweepsTransportsAndBaselinesLoadTheRoute() {
        double before = routeAnswers();
        JsonPath run = post("/q/bench/runs", SPEC.replace("'connections':2", "'connections':4") + ",'duration':'1s','warmup':'300ms',"
                + "'invalidRatio':0.2}");
        BenchRunsTest.assertCoherent(run);
        assertEquals("forward-auth", run.getString("options.route"));
        assertEquals("/jwt/auth", run.getString("options.path"));
        double share = run.getDouble("expectedRejections") / run.getDouble("measured.requests");
        assertEquals(0.2, share, 0.05, "a fifth carry a bad token: their 401s are expected");
        assertEquals(0, run.getLong("unexpectedSuccesses"));
        assertTrue(routeAnswers() - before >= run.getLong("measured.requests") + run.getLong("warmup.requests"),
                "the route answered every request the run counted");

        JsonPath models = post("/q/bench/compare", "{'spec':" + SPEC + "},'models':['worker','virtual'],'rounds':1}");
        assertEquals("DONE", models.getString("status"));
        List<String> paths = List.of("/jwt/auth-on/worker", "/jwt/auth-on/virtual");
        for (int i = 0; i < paths.size(); i++) {
            JsonPath row = given().get("/q/bench/runs/" + models.getString("rows[" + i + "].runId")).jsonPath();
            assertEquals(paths.get(i), row.getString("options.path"));
            assertEquals(0, row.getLong("errors.total"));
            assertTrue(row.getLong("measured.requests") > 0);
        }

        // a transport of its own (a connection per request) against the first run as its baseline
        JsonPath current = post("/q/bench/runs", SPEC + ",'keepAlive':false,'baseline':'" + run.getString("id") + "'}");
        assertEquals(0, current.getLong("errors.total"), "the route keeps no state between connections");
        assertTrue(current.getString("regression") != null, current.prettify());

        JsonPath sweep = post("/q/bench/sweeps", SPEC.replace("'connections':2", "'connections':[1,2]") + "}");
        assertEquals("DONE", sweep.getString("status"));
    }

    @Test
    void anUnknownRouteNamesTheField() {
        given().contentType("application/json").body("{\"target\":\"jwt\",\"route\":\"auth\",\"connections\":1,\"duration\":\"1s\"}")
                .post("/q/bench/runs").then().statusCode(400).body("field", org.hamcrest.Matchers.equalTo("route"));
    }
}
