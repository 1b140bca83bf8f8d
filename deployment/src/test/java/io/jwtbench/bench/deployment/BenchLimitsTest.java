package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Durations are bounded in length and magnitude before any arithmetic (400
 * naming the field, never a 500 ArithmeticException), and a bench request body is at most
 * {@code quarkus.bench.max-body-size} (413). The limit is raised to 2M here so that a 1 MB duration
 * string reaches the parser.
 */
class BenchLimitsTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.bench.max-body-size", "2M");

    static JsonPath refused(String path, String json, int status) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).post(path)
                .then().log().ifValidationFails().statusCode(status).extract().jsonPath();
    }

    @Test
    void aMegabyteDurationIsRefusedAtOnce() {
        String huge = "9".repeat(1_000_000) + "s";
        // the same megabyte where nothing reads it as a number: what sending and parsing it costs on this machine now
        long start = System.nanoTime();
        refused("/q/bench/runs", "{'target':'health','connections':1,'duration':'1s','note':'" + huge + "'}", 400);
        long baseline = (System.nanoTime() - start) / 1_000_000;
        start = System.nanoTime();
        JsonPath r = refused("/q/bench/runs", "{'target':'health','connections':1,'duration':'" + huge + "'}", 400);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals("duration", r.getString("field"));
        assertTrue(r.getString("reason").contains("1000001 characters long"), r.getString("reason"));
        // 800,000 digits took 7.2 s of CPU before; reading and sending 1 MB takes a few ms on an idle machine
        assertTrue(millis < Math.max(3000, 10 * baseline), "took " + millis + " ms, the same megabyte unread " + baseline + " ms");
    }

    @Test
    void aBodyOverTheLimitIs413() {
        String big = "{'target':'health','note':'" + "x".repeat(3 * 1024 * 1024) + "'}";
        JsonPath r = refused("/q/bench/runs", big, 413);
        assertEquals("request body too large", r.getString("error"));
        assertTrue(r.getString("reason").contains("quarkus.bench.max-body-size"), r.getString("reason"));
        assertTrue(r.getString("reason").contains("2097152"), r.getString("reason"));
    }

    /** Every duration-bearing field of runs, sweeps and compares, with values that overflowed a long of nanoseconds. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/q/bench/runs|{'target':'health','connections':1,'connections':1,'duration':'%s'}|duration",
            "/q/bench/runs|{'target':'health','connections':1,'warmup':'%s'}|warmup",
            "/q/bench/runs|{'target':'health','connections':1,'timeout':'%s'}|timeout",
            "/q/bench/runs|{'target':'health','connections':1,'thresholds':{'p99':'%s'}}|thresholds.p99",
            "/q/bench/runs|{'target':'health','connections':1,'thresholds':{'max':'%s'}}|thresholds.max",
            "/q/bench/sweeps|{'target':'health','connections':[1,2],'latencyBound':'%s'}|latencyBound",
            "/q/bench/sweeps|{'target':'health','connections':[1,2],'pause':'%s'}|pause",
            "/q/bench/sweeps|{'target':'health','connections':[1,2],'duration':'%s'}|duration",
            "/q/bench/sweeps|{'target':'health','connections':[1,2],'thresholds':{'p50':'%s'}}|thresholds.p50",
            "/q/bench/compare|{'spec':{'target':'health','connections':1,'connections':1,'duration':'%s'},'models':['a','b']}|spec.duration",
            "/q/bench/compare|{'spec':{'target':'health','connections':1,'thresholds':{'p90':'%s'}},'models':['a','b']}|spec.thresholds.p90" })
    void overflowingDurationsAre400NamingTheField(String path, String spec, String field) {
        for (String value : new String[] { "PT9999999999S", "9999999999999h", "PT2562048H", "99999999999999999999s" }) {
            JsonPath r = refused(path, spec.formatted(value), 400);
            assertEquals(field, r.getString("field"), value + ": " + r.prettify());
        }
    }
}
