package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.path.json.JsonPath;

/**
 * The steady-state verdict against the real JVM: a path that keeps loading classes is not steady and
 * says why; a trivial path after an automatic warm-up is.
 */
@Tag("timing")
class SteadyStateTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ColdTarget.class, ColdTarget.Fresh.class, ModelTarget.class, Post.class))
            // the bound of an automatic warm-up: long enough for a trivial route even on a busy 2-core box
            .overrideRuntimeConfigKey("quarkus.bench.steady.auto-warmup-max", "15s")
            .overrideRuntimeConfigKey("quarkus.bench.steady.auto-warmup-window", "2")
            // per-second throughput on a CI box shared with other builds swings with them, not with the JIT:
            // this test judges what the JVM does (JIT, classes), the coefficient of variation is unit-tested
            .overrideRuntimeConfigKey("quarkus.bench.steady.max-throughput-cv", "10")
            .overrideConfigKey("quarkus.http.test-port", "0"); // other builds may hold 8081

    @Test
    void aPathThatKeepsLoadingClassesIsNotSteadyAndSaysWhy() {
        JsonPath r = Post.andWait("/q/bench/runs",
                "{'target':'cold','connections':2,'duration':'2s','breakdown':false}");
        assertEquals("DONE", r.getString("status"));
        long requests = r.getLong("measured.requests");
        assertTrue(requests > 0);
        assertFalse(r.getBoolean("steady.steady"), "steady section: " + r.getMap("steady"));
        // each answered request defined one class; a request in flight on each of the 2 connections when
        // the window opened was answered inside it but defined its class just before
        assertTrue(r.getLong("steady.classesLoaded") >= requests - 2,
                r.getLong("steady.classesLoaded") + " classes for " + requests + " requests");
        List<String> reasons = r.getList("steady.reasons", String.class);
        assertTrue(reasons.stream().anyMatch(s -> s.matches("\\d+ classes loaded during measurement .*")), "reasons " + reasons);
        String id = r.getString("id");
        given().accept("text/plain").get("/q/bench/runs/" + id).then().statusCode(200)
                .body(containsString("Steady state: NOT steady: "), containsString("classes loaded during measurement"));
        given().get("/q/bench/runs/" + id + "/report.html").then().statusCode(200)
                .body(containsString("NOT steady: "));
    }

    /**
     * A warm JVM on a trivial path reaches a steady run. On a busy CI box a starved JIT can still be
     * catching up during one measurement (and the verdict then rightly says so), so the path gets a
     * bounded number of runs to show it; every run that is not steady must say why.
     */
    @Test
    void aWarmedTrivialPathIsSteadyAndTheAutoWarmUpSaysWhenItStopped() {
        // the first run warms the JVM (generator, route, histograms); the next ones are judged
        Post.andWait("/q/bench/runs",
                "{'target':'modal','connections':2,'duration':'1s','warmup':'auto','breakdown':false}");
        JsonPath r = null;
        List<Object> unsteady = new ArrayList<>();
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            r = Post.andWait("/q/bench/runs",
                    "{'target':'modal','connections':2,'duration':'3s','warmup':'auto','breakdown':false}");
            assertEquals("DONE", r.getString("status"));
            if (r.getBoolean("steady.steady")) {
                break;
            }
            assertFalse(r.getList("steady.reasons").isEmpty(), "a run that is not steady says why: " + r.getMap("steady"));
            unsteady.add(r.getMap("steady"));
        }
        System.out.println("steady test: warm-up " + r.getMap("warmup") + ", steady " + r.getMap("steady")
                + ", runs not steady before: " + unsteady);
        assertTrue(r.getBoolean("steady.steady"), MAX_ATTEMPTS + " runs, none steady: " + unsteady);
        assertEquals(List.of(), r.getList("steady.reasons"));
        assertEquals("auto", r.getString("spec.warmup"));
        assertTrue(r.getBoolean("warmup.auto"));
        String why = r.getString("warmup.stoppedBecause");
        assertNotNull(why);
        assertTrue(why.startsWith("quiet after "), "a warm JVM goes quiet within the bound: " + why);
        assertTrue(r.getDouble("warmup.durationSeconds") >= 2 - 0.05, "at least the 2 s window: " + r.getMap("warmup"));
        given().accept("text/plain").get("/q/bench/runs/" + r.getString("id")).then().statusCode(200)
                .body(containsString("Steady state: steady"), containsString("Warm-up: auto warm-up"));
    }

    private static final int MAX_ATTEMPTS = 4;
}
