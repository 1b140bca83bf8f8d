package io.jwtbench.service.bench;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * A spec inside every cap that would not fit the heap is refused before a token is signed: with
 * -Xmx192m, {"target":"jwt","connections":1000,"tokens":100000} once signed for a minute and died of
 * an OutOfMemoryError (a bare 500). Here the budget is small instead of the heap.
 */
@QuarkusTest
@TestProfile(MemoryBudgetTest.SmallBudget.class)
class MemoryBudgetTest {

    public static class SmallBudget implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.bench.memory-budget", "24M");
        }
    }

    @Test
    void aTokenPoolOverTheBudgetIsA400NamingTokens() {
        long start = System.nanoTime();
        given().contentType("application/json")
                .body("{\"target\":\"jwt\",\"connections\":1000,\"duration\":\"10s\",\"tokens\":100000}")
                .when().post("/q/bench/runs")
                .then().statusCode(400).body("field", equalTo("tokens")).body("reason", containsString("memory budget"));
        // signing 100,000 RS256 tokens takes about a core-minute: refusing must not sign them (bound well
        // below the signing time even on a 2-core machine, far above the one sample token's)
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        org.junit.jupiter.api.Assertions.assertTrue(seconds < 15, seconds + " s");
        given().contentType("application/json")
                .body("{\"spec\":{\"target\":\"jwt\",\"connections\":10,\"tokens\":5000},\"models\":[\"event-loop\",\"worker\",\"virtual\"]}")
                .when().post("/q/bench/compare")
                .then().statusCode(400).body("field", equalTo("spec.tokens"));
    }

    @Test
    void aPoolInsideTheBudgetRuns() {
        given().contentType("application/json").queryParam("wait", "true")
                .body("{\"target\":\"jwt\",\"connections\":4,\"duration\":\"500ms\",\"tokens\":200}")
                .when().post("/q/bench/runs")
                .then().statusCode(200).body("status", equalTo("DONE"));
    }
}
