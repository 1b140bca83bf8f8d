package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/**
 * A finished run keeps what its report and renderings need, and the history counts in the memory budget: runs with
 * a CPU profile and a breakdown, one after another, leave the heap after GC about where it was, and once the
 * history and the next run would hold more than the budget, the oldest finished runs are forgotten before their
 * turn rather than kept past it. The budget here, 1600K, leaves a run (its histograms, 1.1 MB) room for a few
 * finished ones (a few hundred KB each). Before, each finished run kept its histograms, its recorders and its
 * JFR observations (about 8 MB of heap a run with a 192 MB heap, docs/reliability.md), and only the next run's
 * needs were counted.
 */
class FinishedRunsMemoryTest {
    static final int RUNS = 12;

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withEmptyApplication()
            .overrideRuntimeConfigKey("quarkus.bench.memory-budget", "1600K")
            .overrideConfigKey("quarkus.http.test-port", "0");

    static void run() {
        given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{\"target\":\"health\",\"connections\":4,\"duration\":\"400ms\",\"breakdown\":true}")
                .post("/q/bench/runs").then().statusCode(200).body("status", equalTo("DONE"));
    }

    @Test
    void finishedRunsKeepLittleAndTheHistoryFitsTheBudget() {
        run();
        run(); // the first runs load classes and start JFR
        long before = heapAfterGc();
        for (int i = 2; i < RUNS; i++) {
            run();
        }
        long grown = heapAfterGc() - before;
        List<String> kept = given().get("/q/bench/runs").then().statusCode(200).extract().jsonPath().getList("runs.id");
        System.out.printf("%d runs: heap after GC grew by %.1f MB over the last %d, the history keeps %d%n", RUNS, grown / 1e6,
                RUNS - 2, kept.size());
        assertTrue(kept.size() < RUNS, "the history of " + kept.size() + " runs was not counted in the budget");
        assertTrue(grown < 12_000_000L, "the heap after GC grew by " + grown / 1_000_000 + " MB over " + (RUNS - 2) + " runs");
    }

    static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
