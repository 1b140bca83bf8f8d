package io.jwtbench.service.bench;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * After a run, {@code /q/metrics} carries its figures (the same numbers as the report), and the
 * Grafana dashboard in deploy/ queries only metrics that exist.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class BenchMetricsTest {
    static final Path DASHBOARD = Path.of("..", "deploy", "grafana", "jwt-bench-dashboard.json");
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})? (\\S+)$");

    /** Every sample of the scrape: "name{labels}" → value. */
    static Map<String, Double> scrape() {
        Map<String, Double> samples = new LinkedHashMap<>();
        for (String line : given().get("/q/metrics").then().statusCode(200).extract().asString().split("\n")) {
            Matcher m = SAMPLE.matcher(line);
            if (m.matches()) {
                samples.put(m.group(1) + (m.group(2) == null ? "" : m.group(2)), Double.parseDouble(m.group(3)));
            }
        }
        return samples;
    }

    static double sample(Map<String, Double> samples, String name, String... labels) {
        return samples.entrySet().stream()
                .filter(e -> e.getKey().startsWith(name + "{") || e.getKey().equals(name))
                .filter(e -> java.util.Arrays.stream(labels).allMatch(l -> e.getKey().contains(l)))
                .mapToDouble(Map.Entry::getValue).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " " + String.join(",", labels) + " in /q/metrics"));
    }

    @Test
    void lastRunFiguresAreInMetrics() {
        JsonPath r = given().contentType("application/json")
                .body("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"tokens\":10,\"thresholds\":{\"p99\":\"1m\"}}")
                .post("/q/bench/runs?wait=true").then().statusCode(200).extract().jsonPath();
        Map<String, Double> m = scrape();
        String jwt = "target=\"jwt\"";
        assertEquals(r.getLong("measured.requests"), sample(m, "bench_last_run_requests", jwt));
        assertEquals(r.getLong("errors.total"), sample(m, "bench_last_run_errors", jwt));
        assertEquals(r.getDouble("measured.rps"), sample(m, "bench_last_run_rps", jwt), 0.01);
        // the report rounds ms to 3 decimals (1 µs), the gauge is exact
        assertEquals(r.getDouble("latency.p99") / 1e3, sample(m, "bench_last_run_latency_seconds", jwt, "percentile=\"99\""), 1e-6);
        assertEquals(r.getDouble("latency.p50") / 1e3, sample(m, "bench_last_run_latency_seconds", jwt, "percentile=\"50\""), 1e-6);
        assertEquals(r.getDouble("latency.max") / 1e3, sample(m, "bench_last_run_latency_max_seconds", jwt), 1e-6);
        assertEquals(1.0, sample(m, "bench_last_run_verdict", jwt));
        // a target that has not run has no series: a series that exists has a value (the verdict's is NaN without thresholds)
        m.forEach((series, value) -> assertTrue(!series.startsWith("bench_last_run_") || series.startsWith("bench_last_run_verdict")
                || !Double.isNaN(value), series + " is NaN"));
    }

    @Test
    void dashboardParsesAndQueriesOnlyExistingMetrics() throws Exception {
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":1,\"duration\":\"300ms\",\"tokens\":5}")
                .post("/q/bench/runs?wait=true").then().statusCode(200);
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(DASHBOARD));
        Set<String> exposed = new HashSet<>();
        scrape().keySet().forEach(k -> exposed.add(k.replaceAll("\\{.*", "")));
        Set<String> queried = new HashSet<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                Matcher names = Pattern.compile("\\b((?:bench|jwt)_[a-z0-9_]+)").matcher(target.get("expr").asText());
                while (names.find()) {
                    queried.add(names.group(1));
                }
            }
        }
        assertFalse(queried.isEmpty());
        assertTrue(queried.contains("jwt_validations_total"), queried.toString());
        for (String name : queried) {
            assertTrue(exposed.contains(name), name + " is queried by the dashboard but not in /q/metrics");
        }
        // and the labels a query selects, groups by or shows exist on the series it names
        Map<String, Set<String>> labels = new java.util.HashMap<>();
        scrape().keySet().forEach(k -> {
            Matcher l = Pattern.compile("([a-z_]+)=\"").matcher(k.replaceAll("^[^{]*", ""));
            while (l.find()) {
                labels.computeIfAbsent(k.replaceAll("\\{.*", ""), n -> new HashSet<>()).add(l.group(1));
            }
        });
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                String expr = target.get("expr").asText();
                Matcher names = Pattern.compile("\\b((?:bench|jwt)_[a-z0-9_]+)").matcher(expr);
                Set<String> available = new HashSet<>(Set.of("pod", "instance", "job"));
                while (names.find()) {
                    available.addAll(labels.getOrDefault(names.group(1), Set.of()));
                }
                Matcher used = Pattern.compile("(?:\\{|,)\\s*([a-z_]+)\\s*(?:=|!=|=~|!~)|by \\(([a-z_, ]+)\\)|\\{\\{([a-z_]+)\\}\\}")
                        .matcher(expr + " " + target.path("legendFormat").asText());
                while (used.find()) {
                    String group = used.group(1) != null ? used.group(1) : used.group(2) != null ? used.group(2) : used.group(3);
                    for (String label : group.split(",")) {
                        assertTrue(available.contains(label.trim()), "the dashboard's \"" + panel.get("title").asText()
                                + "\" uses label " + label.trim() + ", which " + expr + " does not have: " + available);
                    }
                }
            }
        }
    }
}
