package io.jwtbench.service.bench;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * {@code /q/metrics} as a Prometheus user reads it: {@code promtool check metrics} (Debian's {@code prometheus}
 * package; skipped where it is not installed) finds nothing in the project's own series ({@code jwt_*},
 * {@code bench_*}) in the text format Prometheus' scrapes get (their {@code Accept} names {@code text/plain}), and
 * no line of the OpenMetrics answer curl gets ({@code Accept: *}{@code /*}) stops it. And the bench's own requests are labelled: a bench of invalid tokens moves the
 * {@code traffic="bench"} series, not the live ones a dashboard's error rate is made of.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class PrometheusExpositionTest {

    static Optional<Path> promtool() {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).map(d -> Path.of(d, "promtool"))
                .filter(Files::isExecutable).findFirst();
    }

    /** promtool's findings, one a line ("name problem"); a parse error is a line starting "error while linting". */
    static List<String> promtool(Path promtool, String exposition) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(promtool.toString(), "check", "metrics").redirectErrorStream(true).start();
        try (var in = p.getOutputStream()) {
            in.write(exposition.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "promtool did not end");
        return out.lines().filter(l -> !l.isBlank()).toList();
    }

    /** Every kind of series the project exports: valid, invalid and malformed live requests, bench runs of both targets. */
    static void traffic() {
        String token = Jws.sign(Jws.header(LocalIdp.RSA), Jws.payload(LocalIdp.ISSUER), LocalIdp.RSA);
        given().header("Authorization", "Bearer " + token).post("/jwt/validate").then().statusCode(200);
        given().header("Authorization", "Bearer a.b.c").post("/jwt/validate").then().statusCode(401);
        given().header("Authorization", "Bearer a b").post("/jwt/validate").then().statusCode(400);
        for (String spec : new String[] { "{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"tokens\":10,\"invalidRatio\":0.5}",
                "{\"target\":\"health\",\"connections\":1,\"duration\":\"500ms\",\"thresholds\":{\"p99\":\"1m\"}}" }) {
            given().contentType("application/json").body(spec).queryParam("wait", "true").post("/q/bench/runs").then().statusCode(200);
        }
    }

    @Test
    void promtoolFindsNothingInTheProjectsSeries() throws Exception {
        Optional<Path> promtool = promtool();
        Assumptions.assumeTrue(promtool.isPresent(),
                "promtool is not on PATH (Debian: apt-get install prometheus): the exposition check is skipped");
        traffic();
        String text = given().accept("text/plain").get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(text.contains("jwt_validations_total{") && text.contains("bench_last_run_latency_seconds{"), text);
        List<String> findings = promtool(promtool.get(), text);
        List<String> ours = findings.stream().filter(l -> l.startsWith("jwt_") || l.startsWith("bench_")
                || l.startsWith("error while linting")).toList();
        assertEquals(List.of(), ours, "promtool on the text format, all its findings: " + findings);

        // what curl gets (Accept: */*): OpenMetrics, whose counters promtool does not read, but none of its lines may stop it
        String openMetrics = given().accept("*/*").get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(openMetrics.contains("# TYPE jwt_validations counter"), "the OpenMetrics answer");
        List<String> strict = promtool(promtool.get(), openMetrics).stream().filter(l -> l.startsWith("error while linting"))
                .toList();
        assertEquals(List.of(), strict, "a line of the OpenMetrics answer a strict parser refuses");
    }

    @Test
    void benchTrafficIsLabelledAndTheLiveSeriesDoNotMove() {
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":1,\"duration\":\"300ms\",\"tokens\":5}")
                .queryParam("wait", "true").post("/q/bench/runs").then().statusCode(200); // the bench's series exist
        Map<String, Double> before = BenchMetricsTest.scrape();
        double live = sum(before, "traffic=\"live\"");
        double bench = sum(before, "traffic=\"bench\"");
        double benchInvalid = sum(before, "traffic=\"bench\"", "result=\"invalid\"");
        given().contentType("application/json")
                .body("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"tokens\":10,\"invalidRatio\":0.5}")
                .queryParam("wait", "true").post("/q/bench/runs").then().statusCode(200);
        Map<String, Double> after = BenchMetricsTest.scrape();
        assertEquals(live, sum(after, "traffic=\"live\""), "live series moved by a bench run");
        assertTrue(sum(after, "traffic=\"bench\"") > bench, "the bench's requests are counted as bench traffic");
        assertTrue(sum(after, "traffic=\"bench\"", "result=\"invalid\"") > benchInvalid, "its invalid tokens too");
        assertFalse(after.keySet().stream().anyMatch(k -> k.startsWith("jwt_validations_total{") && !k.contains("traffic=\"")),
                "every validation series says whose traffic it is");
    }

    static double sum(Map<String, Double> samples, String... labels) {
        return samples.entrySet().stream().filter(e -> e.getKey().startsWith("jwt_validations_total{"))
                .filter(e -> Stream.of(labels).allMatch(e.getKey()::contains)).mapToDouble(Map.Entry::getValue).sum();
    }
}
