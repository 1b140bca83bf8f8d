package io.jwtbench.service.bench;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Short real benches of both targets through the HTTP API; the numbers must hold together. */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class BenchRunsTest {

    static JsonPath run(String spec) {
        return given().contentType("application/json").body(spec)
                .when().post("/q/bench/runs?wait=true")
                .then().log().ifValidationFails().statusCode(200).extract().jsonPath();
    }

    static void assertCoherent(JsonPath report) {
        assertEquals("DONE", report.getString("status"));
        long requests = report.getLong("measured.requests");
        double seconds = report.getDouble("measured.durationSeconds");
        double rps = report.getDouble("measured.rps");
        assertTrue(requests > 50, "requests: " + requests);
        assertEquals(requests / seconds, rps, rps * 0.05, "rps is requests / duration");
        assertEquals(0, report.getLong("errors.total"), "errors: " + report.getMap("errors"));
        List<Double> percentiles = List.of(report.getDouble("latency.p50"), report.getDouble("latency.p75"),
                report.getDouble("latency.p90"), report.getDouble("latency.p99"), report.getDouble("latency.p99_9"),
                report.getDouble("latency.max"));
        for (int i = 1; i < percentiles.size(); i++) {
            assertTrue(percentiles.get(i) >= percentiles.get(i - 1), "percentiles monotonic: " + percentiles);
        }
        assertTrue(percentiles.get(0) > 0, "p50 > 0");
        assertEquals(requests, report.getLong("latency.count"), "every answered request is in the histogram");
    }

    @Test
    void healthBenchIsCoherent() {
        JsonPath report = run("{\"target\":\"health\",\"connections\":4,\"duration\":\"1s\",\"warmup\":\"300ms\"}");
        assertCoherent(report);
        assertTrue(report.getLong("warmup.requests") > 0, "warm-up ran and was reported apart");
    }

    @Test
    void jwtBenchValidatesEveryToken() {
        JsonPath report = run("{\"target\":\"jwt\",\"connections\":4,\"duration\":\"1s\",\"tokens\":20,\"algorithm\":\"ES256\"}");
        assertCoherent(report);
        assertEquals(0, report.getLong("expectedRejections"));
        assertEquals(20, report.getInt("options.tokens"));
        int meanBytes = report.getInt("options.meanTokenBytes");
        assertTrue(meanBytes >= 800 && meanBytes <= 1200, "realistic token size: " + meanBytes);
    }

    @Test
    void invalidTokensAreExpectedRejectionsNotErrors() {
        JsonPath report = run("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"tokens\":10,\"invalidRatio\":0.25}");
        assertCoherent(report);
        int meanBytes = report.getInt("options.meanTokenBytes");
        assertTrue(meanBytes >= 800 && meanBytes <= 1200, "realistic RS256 token size: " + meanBytes);
        double share = report.getDouble("expectedRejections") / report.getDouble("measured.requests");
        assertEquals(0.25, share, 0.03, "a quarter of the requests carry a bad token");
        assertEquals(0, report.getLong("unexpectedSuccesses"));
    }

    @Test
    void tokenFileRunsValidateRealIssuerTokens() {
        JsonPath report = run("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"source\":\"file\",\"invalidRatio\":0.1}");
        assertCoherent(report);
        assertEquals(2, report.getInt("options.tokens"));
        assertEquals("file", report.getString("options.source"));
        double share = report.getDouble("expectedRejections") / report.getDouble("measured.requests");
        assertEquals(0.1, share, 0.03, "a tenth carry a corrupted signature");
        assertEquals(0, report.getLong("unexpectedSuccesses"));
    }

    /** A token file rewritten between two runs of the same options: the second run sends what the file holds now. */
    @Test
    void aRewrittenTokenFileIsReadAgain() throws Exception {
        java.nio.file.Path file = java.nio.file.Path.of(org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getValue("jwt.bench.token-file", String.class));
        String original = java.nio.file.Files.readString(file);
        String spec = "{\"target\":\"jwt\",\"connections\":1,\"duration\":\"500ms\",\"warmup\":\"0s\",\"source\":\"file\"}";
        try {
            JsonPath both = run(spec);
            assertEquals(2, both.getInt("options.tokens"));
            String first = original.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).findFirst().orElseThrow();
            java.nio.file.Files.writeString(file, first + "\n");
            JsonPath one = run(spec);
            assertEquals(1, one.getInt("options.tokens"), "the file holds one token now");
            assertNotEquals(both.getString("options.tokenPool"), one.getString("options.tokenPool"));
        } finally {
            java.nio.file.Files.writeString(file, original);
        }
    }

    /**
     * Tokens signed again (here because another algorithm's set came between) are the same load: a regression does
     * not warn of their fingerprint, and still warns of an option that changed what was sent.
     */
    @Test
    void reSignedTokensAreNoDifferenceToARegression() {
        String spec = "{\"target\":\"jwt\",\"connections\":1,\"duration\":\"1s\",\"warmup\":\"0s\",\"tokens\":50";
        JsonPath first = run(spec + "}");
        JsonPath between = run(spec + ",\"algorithm\":\"ES256\"}");
        JsonPath again = run(spec + "}");
        assertNotEquals(first.getString("options.tokenPool"), again.getString("options.tokenPool"), "signed again");
        List<String> warnings = regressionWarnings(first.getString("id"), again.getString("id"));
        assertTrue(warnings.stream().noneMatch(w -> w.contains("tokenPool")), warnings.toString());
        List<String> algorithm = regressionWarnings(first.getString("id"), between.getString("id"));
        assertTrue(algorithm.contains("different options.algorithm: RS256 → ES256"), algorithm.toString());
    }

    private static List<String> regressionWarnings(String baseline, String current) {
        return given().contentType("application/json").body("{\"baseline\":\"" + baseline + "\",\"current\":\"" + current + "\"}")
                .post("/q/bench/regression").then().statusCode(200).extract().jsonPath().getList("warnings", String.class);
    }

    @Test
    void badTargetOptionsNameTheField() {
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"tokens\":0}")
                .when().post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("tokens")).body("reason", org.hamcrest.Matchers.endsWith(", got 0"));
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"algorithm\":\"HS256\"}")
                .when().post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("algorithm"))
                .body("reason", org.hamcrest.Matchers.endsWith(", got \"HS256\""));
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"url\":\"http://example.com\"}")
                .when().post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("url"));
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"source\":\"file\",\"tokens\":5}")
                .when().post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("tokens"));
    }
}
