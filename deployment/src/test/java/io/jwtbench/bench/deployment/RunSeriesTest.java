package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.engine.RunSeriesHistory;
import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/** RunSeries: back to back, the bench held in between, cancel skips the rest. */
class RunSeriesTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class, Await.class))
            // a random port: other test JVMs may be listening on the default 8081 of this machine
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Inject
    Bench bench;
    @Inject
    LoadEngine engine;
    @Inject
    RunSeriesHistory history;
    @Inject
    ProbeTarget probe;


    RunSeries.Step step(String label, String duration) {
        RunSpec spec = new RunSpec("probe", new LoadModel.Closed(2), Duration.parse("PT" + duration), Duration.ZERO,
                Duration.ofSeconds(5), Map.of(), true, false, false, Thresholds.NONE, false, io.jwtbench.bench.runtime.plan.Transport.PLAIN);
        return new RunSeries.Step(label, spec, probe.prepare(Map.of()));
    }

    @Test
    void runsBackToBackAndHoldsTheBench() throws Exception {
        given().get("/q/bench/runs").then().statusCode(200); // RestAssured's first call is slow: not during the series
        RunSeries<Void> series = bench.startSeries("test", List.of(step("a", "1.5S"), step("b", "1S")), RunSeries.Options.BACK_TO_BACK);
        // the bench is held for the whole series: a run start, a second series, are refused with the series' id
        assertEquals(series.id(), engine.busyWith().orElse(null));
        given().contentType(ContentType.JSON).body("{\"target\":\"probe\",\"connections\":1,\"duration\":\"1s\"}")
                .post("/q/bench/runs").then().log().ifValidationFails().statusCode(409)
                .body("runningId", org.hamcrest.Matchers.equalTo(series.id()));
        RunInProgressException busy = assertThrows(RunInProgressException.class,
                () -> bench.startSeries("test", List.of(step("c", "0.5S")), RunSeries.Options.BACK_TO_BACK));
        assertEquals(series.id(), busy.runningId());

        series.finished().get(10, TimeUnit.SECONDS);
        assertEquals(RunSeries.Status.DONE, series.status());
        List<RunSeries.StepResult> results = series.results();
        assertEquals(List.of("a", "b"), results.stream().map(RunSeries.StepResult::label).toList());
        assertNotEquals(results.get(0).runId(), results.get(1).runId());
        for (RunSeries.StepResult r : results) {
            assertEquals(RunStatus.DONE, r.report().status());
            assertTrue(r.report().measured().requests() > 0);
            assertTrue(engine.find(r.runId()).isPresent(), "each step is an ordinary run in the history");
        }
        // second started after the first finished
        assertTrue(!results.get(1).report().startedAt().isBefore(results.get(0).report().finishedAt()));
        assertEquals(series, history.find(series.id()).orElseThrow());
        assertTrue(engine.busyWith().isEmpty(), "released");
    }

    @Test
    void stopUnlessDoneEndsTheSeriesWhenAStepIsCancelledAndPausesHoldTheBench() throws Exception {
        RunSeries<String> series = bench.startSeries("test", List.of(step("a", "0.3S"), step("b", "5S"), step("c", "5S")),
                new RunSeries.Options<>(Duration.ofMillis(800), true, "plan"));
        assertEquals("plan", series.plan());
        Await.until("step a ended", Duration.ofSeconds(10),
                () -> !series.results().isEmpty() && series.results().get(0).report().status().isTerminal());
        assertTrue(engine.activeRun().isEmpty(), "in the pause");
        assertEquals(series.id(), engine.busyWith().orElse(null), "the pause is the series' too");
        Await.until("a step is RUNNING", Duration.ofSeconds(10),
                () -> series.current().isPresent() && series.current().get().report().status() == RunStatus.RUNNING);
        series.current().get().cancel(); // the step alone, as DELETE /q/bench/runs/{id} would
        series.finished().get(10, TimeUnit.SECONDS);
        assertEquals(RunSeries.Status.CANCELLED, series.status());
        assertEquals(2, series.results().size(), "c never started");
        assertTrue(engine.busyWith().isEmpty());
    }

    @Test
    void cancelStopsTheCurrentRunAndSkipsTheRest() throws Exception {
        RunSeries<Void> series = bench.startSeries("test", List.of(step("a", "5S"), step("b", "5S"), step("c", "5S")),
                RunSeries.Options.BACK_TO_BACK);
        Await.until("a step is RUNNING", Duration.ofSeconds(10),
                () -> series.current().isPresent() && series.current().get().report().status() == RunStatus.RUNNING);
        series.cancel();
        series.finished().get(10, TimeUnit.SECONDS);
        assertEquals(RunSeries.Status.CANCELLED, series.status());
        assertEquals(1, series.results().size(), "b and c never started");
        assertEquals(RunStatus.CANCELLED, series.results().get(0).report().status());
        assertTrue(engine.busyWith().isEmpty());
    }
}
