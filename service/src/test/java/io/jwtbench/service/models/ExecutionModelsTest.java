package io.jwtbench.service.models;

import io.jwtbench.bench.runtime.plan.Durations;
import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The execution-model routes of /jwt/validate, and POST /q/bench/compare over them. */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class ExecutionModelsTest {
    static final List<String> ROUTES = List.of("/jwt/validate", "/jwt/validate/event-loop", "/jwt/validate/worker",
            "/jwt/validate/virtual");

    /** Status, challenge and body of one answer: what must not depend on the thread it ran on. */
    static List<Object> answer(Response r) {
        return List.of(r.statusCode(), String.valueOf(r.header("WWW-Authenticate")),
                String.valueOf(r.header("Cache-Control")), r.asString());
    }

    @Test
    void everyRouteValidatesIdentically() {
        long now = Instant.now().getEpochSecond();
        String valid = Jws.sign(Jws.header(LocalIdp.RSA), Jws.payload(LocalIdp.ISSUER), LocalIdp.RSA);
        String expired = Jws.sign(Jws.header(LocalIdp.EC),
                "{\"iss\":\"" + LocalIdp.ISSUER + "\",\"aud\":\"orders-api\",\"exp\":" + (now - 3600) + "}", LocalIdp.EC);
        String tampered = valid.substring(0, valid.length() - 3) + (valid.endsWith("AAA") ? "BBB" : "AAA");
        List<String> headers = List.of("Bearer " + valid, "Bearer " + expired, "Bearer " + tampered, "Bearer a.b.c",
                "Basic dXNlcjpwYXNz");
        for (String header : headers) {
            List<Object> reference = answer(given().header("Authorization", header).post(ROUTES.get(0)));
            for (String route : ROUTES) {
                assertEquals(reference, answer(given().header("Authorization", header).post(route)), route + " " + header);
                assertEquals(reference, answer(given().header("Authorization", header).get(route)), "GET " + route);
            }
        }
        List<Object> none = answer(given().post(ROUTES.get(0)));
        for (String route : ROUTES) {
            assertEquals(none, answer(given().post(route)), route + " without a token");
        }
    }

    @Test
    void unknownKidIsFetchedOnEveryRoute() {
        for (String route : ROUTES) {
            TestKey rotated = TestKey.rsa("rotated-" + route.replace('/', '-'));
            LocalIdp.JWKS.set(TestKey.jwks(LocalIdp.RSA, LocalIdp.EC, rotated));
            try {
                given().header("Authorization", "Bearer " + Jws.sign(Jws.header(rotated), Jws.payload(LocalIdp.ISSUER), rotated))
                        .post(route).then().statusCode(200).body("valid", equalTo(true));
            } finally {
                LocalIdp.JWKS.set(TestKey.jwks(LocalIdp.RSA, LocalIdp.EC));
            }
        }
    }

    static JsonPath compare(String body) {
        return given().contentType("application/json").body(body.replace('\'', '"'))
                .post("/q/bench/compare?wait=true").then().log().ifValidationFails().statusCode(200).extract().jsonPath();
    }

    @Test
    void compareReturnsOneCoherentRowPerModel() {
        List<String> models = List.of("event-loop", "worker", "virtual");
        JsonPath c = compare("{'spec':{'target':'jwt','connections':4,'duration':'1s','warmup':'300ms','tokens':20,"
                + "'invalidRatio':0.1,'breakdown':true},'models':['event-loop','worker','virtual'],'rounds':1}");
        assertEquals("DONE", c.getString("status"));
        assertEquals(models, c.getList("models"));
        assertEquals(System.getProperty("java.runtime.version"), c.getString("jvm.version"));
        assertEquals(System.getProperty("java.vm.name"), c.getString("jvm.name"));
        List<Map<String, Object>> rows = c.getList("rows");
        assertEquals(3, rows.size());
        String pool = null;
        for (int i = 0; i < rows.size(); i++) {
            String row = "rows[" + i + "].";
            assertEquals(models.get(i), c.getString(row + "model"));
            assertEquals("DONE", c.getString(row + "status"));
            long requests = c.getLong(row + "requests");
            assertTrue(requests > 20, "requests " + requests);
            assertEquals(0, c.getLong(row + "errors"), "no errors: invalid tokens are expected rejections");
            double rejected = c.getLong(row + "expectedRejections") / (double) requests;
            assertEquals(0.1, rejected, 0.03, "a tenth of the requests are bad tokens");
            List<Double> p = List.of(c.getDouble(row + "latencyMs.p50"), c.getDouble(row + "latencyMs.p90"),
                    c.getDouble(row + "latencyMs.p99"), c.getDouble(row + "latencyMs.p99_9"), c.getDouble(row + "latencyMs.max"));
            for (int k = 1; k < p.size(); k++) {
                assertTrue(p.get(k) >= p.get(k - 1), "percentiles monotonic " + p);
            }
            double mean = c.getDouble(row + "cpu.meanCores");
            assertTrue(mean > 0 && mean <= c.getInt("jvm.availableProcessors") + 0.2, "cpu " + mean);
            assertTrue(c.getDouble(row + "cpu.peakCores") >= mean, "peak >= mean");
            assertTrue(c.getInt(row + "threads.peak") > 0);
            assertEquals(0, c.getInt(row + "pinnedVirtualThreads"), () -> "the validator never pins; the pinned stacks: "
                    + given().get("/q/bench/runs/" + c.getString(row + "runId")).jsonPath().getString("jvm.pinnedVirtualThreads"));
            // each row is an ordinary run, with the same tokens sent to its model's path
            JsonPath run = given().get("/q/bench/runs/" + c.getString(row + "runId")).then().statusCode(200).extract().jsonPath();
            assertEquals(requests, run.getLong("measured.requests"));
            assertEquals("/jwt/validate/" + models.get(i), run.getString("options.path"));
            if (pool == null) {
                pool = run.getString("options.tokenPool");
            }
            assertEquals(pool, run.getString("options.tokenPool"), "every model sends the same tokens");
        }
        String text = given().accept("text/plain").get("/q/bench/compare/" + c.getString("id")).then().statusCode(200)
                .extract().asString();
        for (String model : models) {
            assertTrue(text.contains("\n" + model + " "), text);
        }
        // the warm-up steps the spec's 300ms warm-up adds are said, with what each took
        assertTrue(c.getString("warmupSteps").contains("warm-up step"), c.getString("warmupSteps"));
        assertEquals(0, c.getInt("runs[0].round"));
        assertTrue(c.getDouble("runs[0].warmupSeconds") >= 0.3, "a fixed warm-up lasts what it says");
        assertTrue(text.contains("Warm-up steps: ") && text.contains("s in all, warm-up "), text);
        assertTrue(text.contains(System.getProperty("java.runtime.version")), text);

        // the compare as one HTML page (one colour per model, the service's phases as stacked bars) and as benchmark-data.json
        String html = given().get("/q/bench/compare/" + c.getString("id") + "/report.html").then().statusCode(200)
                .contentType(containsString("text/html")).extract().asString();
        for (String model : models) {
            assertTrue(html.contains(">" + model + "<") || html.contains(">" + model + " ("), "model " + model + " in " + html);
        }
        assertTrue(html.contains("Latency by percentile") && html.contains("Where the time went"), html);
        assertTrue(html.contains("jwt.") && html.contains("framework remainder")
                && html.contains("outside the server"), "real breakdown phases as the bars' segments");
        JsonPath data = given().get("/q/bench/compare/" + c.getString("id") + "/benchmark-data.json").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of("jwt@event-loop", "jwt@worker", "jwt@virtual"), data.getList("benchmarks.name"));
        assertEquals(c.getDouble("rows[1].latencyMs.p99"), data.getDouble("benchmarks[1].percentiles.'99.0'"), 0.001);
        given().get("/q/bench/compare/nope/report.html").then().statusCode(404);
    }

    @Test
    void badComparesAre400sNamingTheField() {
        given().contentType("application/json").body("{\"spec\":{\"target\":\"jwt\",\"connections\":2},\"models\":[\"event-loop\",\"fibers\"]}")
                .post("/q/bench/compare").then().statusCode(400).body("field", equalTo("models"))
                .body("reason", containsString("fibers")).body("error", equalTo("invalid compare spec"));
        given().contentType("application/json").body("{\"spec\":{\"target\":\"jwt\",\"connections\":2},\"models\":[]}")
                .post("/q/bench/compare").then().statusCode(400).body("field", equalTo("models"));
        given().contentType("application/json").body("{\"spec\":{\"target\":\"jwt\"},\"models\":[\"worker\"]}")
                .post("/q/bench/compare").then().statusCode(400).body("field", equalTo("spec.connections"));
        given().contentType("application/json").body("{\"spec\":{\"target\":\"health\",\"connections\":2},\"models\":[\"worker\"]}")
                .post("/q/bench/compare").then().statusCode(400).body("field", equalTo("models"));
        given().get("/q/bench/compare/nope").then().statusCode(404);
    }

    @Test
    void aCompareHoldsTheBenchAndCanBeCancelled() {
        Response started = given().contentType("application/json")
                .body("{\"spec\":{\"target\":\"jwt\",\"connections\":2,\"duration\":\"20s\",\"tokens\":5},\"models\":[\"worker\",\"virtual\"]}")
                .post("/q/bench/compare");
        assertEquals(202, started.statusCode(), started.asString());
        String id = started.jsonPath().getString("id");
        assertTrue(started.header("Location").endsWith("/q/bench/compare/" + id));
        given().contentType("application/json").body("{\"target\":\"health\",\"connections\":1,\"duration\":\"1s\"}")
                .post("/q/bench/runs").then().statusCode(409).body("runningId", equalTo(id));
        // a bad spec is refused as such while the bench is held, not told "busy" first and refused once it is free
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":1,\"invalidRatio\":1.5}")
                .post("/q/bench/runs").then().statusCode(400).body("field", equalTo("invalidRatio"));
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":1,\"cache\":\"maybe\"}")
                .post("/q/bench/runs").then().statusCode(400).body("field", equalTo("cache"));
        given().contentType("application/json").body("{\"target\":\"health\",\"connections\":1,\"tokens\":5}")
                .post("/q/bench/runs").then().statusCode(400).body("field", equalTo("tokens"));
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":[1,2],\"route\":\"x\"}")
                .post("/q/bench/sweeps").then().statusCode(400).body("field", equalTo("route"));
        given().contentType("application/json").body("{\"spec\":{\"target\":\"jwt\",\"connections\":2},\"models\":[\"fibers\"]}")
                .post("/q/bench/compare").then().statusCode(400).body("field", equalTo("models"));
        JsonPath cancelled = given().delete("/q/bench/compare/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals("CANCELLED", cancelled.getString("status"));
        assertEquals("SKIPPED", cancelled.getString("rows[1].status"));
        given().get("/q/bench/compare").then().statusCode(200).body("compares[0].id", equalTo(id));
    }

    @Test
    void anEndpointThatPinsShowsPinnedEventsUnderTheVirtualModelOnly() {
        JsonPath c = compare("{'spec':{'target':'pin','connections':4,'duration':'1s','warmup':'0s'},'models':['worker','virtual'],"
                + "'rounds':1}"); // one round, no warm-up: pinning in <clinit> happens once per JVM
        assertEquals("DONE", c.getString("status"));
        // what the spec asks is what runs: "warmup":"0s" adds no warm-up step, and the compare ends by its bound
        assertEquals(2, c.getList("runs").size(), c.getList("runs").toString());
        assertNull(c.get("warmupSteps"));
        Duration took = Duration.between(Instant.parse(c.getString("startedAt")), Instant.parse(c.getString("finishedAt")));
        assertTrue(took.compareTo(Durations.parse(c.getString("endsWithin"))) <= 0, took + " > " + c.getString("endsWithin"));
        assertEquals(0, c.getInt("rows[0].pinnedVirtualThreads"), "worker threads are platform threads");
        int pinned = c.getInt("rows[1].pinnedVirtualThreads");
        assertTrue(pinned > 0, "virtual threads blocking in <clinit> are pinned: " + pinned);
        JsonPath run = given().get("/q/bench/runs/" + c.getString("rows[1].runId")).then().extract().jsonPath();
        assertTrue(run.getString("jvm.pinnedVirtualThreads.topStacks[0].stack").contains("SlowInit"),
                run.getString("jvm.pinnedVirtualThreads.topStacks"));
    }
}
