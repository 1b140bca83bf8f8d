package io.jwtbench.service.bench;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.core.parser.BenchmarkParser;
import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * A jwt run's Hyperfoil export, run by Hyperfoil in this JVM against this service with the token
 * file's tokens: the service counts every one of its requests as a valid validation (so the export
 * sends what the service accepts, with no secret of the bench's), and its throughput is printed
 * beside the bench's own run of the same spec. The ratio is a figure for the report, not an
 * assertion: both generators share this machine's cores with the server.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class HyperfoilExportRunTest {

    @Test
    void hyperfoilRunsTheExportAgainstTheServiceAndEveryTokenIsAccepted() throws Exception {
        // the first run warms the JIT for both; breakdown off: no JFR events on the bench's side either
        String spec = "{\"target\":\"jwt\",\"source\":\"file\",\"connections\":2,\"duration\":\"3s\",\"warmup\":\"0s\","
                + "\"breakdown\":false}";
        given().contentType("application/json").queryParam("wait", "true").body(spec).post("/q/bench/runs").then().statusCode(200);
        JsonPath run = given().contentType("application/json").queryParam("wait", "true").body(spec)
                .post("/q/bench/runs").then().statusCode(200).extract().jsonPath();
        assertEquals(0, run.getLong("errors.total"), run.prettify());
        double benchRps = run.getDouble("measured.rps");

        String yaml = given().get("/q/bench/runs/" + run.getString("id") + "/hyperfoil.yaml").then().statusCode(200)
                .extract().asString();
        Path tokenFile = Path.of(ConfigProvider.getConfig().getValue("jwt.bench.token-file", String.class));
        byte[] tokens = Files.readString(tokenFile).lines().filter(l -> !l.isBlank() && !l.startsWith("#"))
                .reduce((a, b) -> a + "\n" + b).orElseThrow().getBytes(StandardCharsets.UTF_8);
        Benchmark benchmark = BenchmarkParser.instance().buildBenchmark(
                new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), new BenchmarkData() {
                    @Override
                    public InputStream readFile(String file) {
                        return new ByteArrayInputStream(tokens);
                    }

                    @Override
                    public Map<String, byte[]> files() {
                        return Map.of("tokens.txt", tokens);
                    }
                }, Map.of());

        Map<String, Double> before = BenchMetricsTest.scrape();
        long started = System.nanoTime();
        new LocalSimulationRunner(benchmark).run();
        double seconds = (System.nanoTime() - started) / 1e9;
        Map<String, Double> after = BenchMetricsTest.scrape();

        double valid = delta(before, after, "result=\"valid\"");
        double all = delta(before, after, "");
        assertTrue(valid > 0, "Hyperfoil's requests reached /jwt/validate");
        assertEquals(all, valid, 0.0, "every request of the export was a valid token: no secret needed, none refused");
        // Hyperfoil's wall time includes its own start and stop; its phase lasts the run's 3 s
        System.out.printf("Hyperfoil export vs bench, closed model, 2 connections, 3 s, file tokens: bench %.1f req/s,"
                + " Hyperfoil %.1f req/s over its 3 s phase (%.0f validations counted by the service, %.2f s wall),"
                + " ratio %.2f%n", benchRps, valid / 3, valid, seconds, valid / 3 / benchRps);
    }

    /** The growth of jwt_validations_total over every series whose labels contain {@code label}. */
    private static double delta(Map<String, Double> before, Map<String, Double> after, String label) {
        double sum = 0;
        for (Map.Entry<String, Double> e : after.entrySet()) {
            if (e.getKey().startsWith("jwt_validations_total") && e.getKey().contains(label)) {
                sum += e.getValue() - before.getOrDefault(e.getKey(), 0.0);
            }
        }
        return sum;
    }
}
