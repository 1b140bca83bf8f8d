package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** The breakdown, the jvm section and kept recordings, from real JFR streams of real runs. */
@Tag("timing")
class BreakdownTest {
    static final Path JFR_DIR = Path.of("target", "bench-jfr-test").toAbsolutePath();

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(PhasedTarget.class))
            .overrideRuntimeConfigKey("quarkus.bench.history-size", "2")
            .overrideRuntimeConfigKey("quarkus.bench.jfr.directory", JFR_DIR.toString())
            .overrideConfigKey("quarkus.http.test-port", "0"); // other builds may hold 8081

    static JsonPath run(String json) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).queryParam("wait", "true")
                .post("/q/bench/runs").then().statusCode(200).extract().jsonPath();
    }

    static double d(JsonPath r, String path) {
        return r.getDouble(path);
    }

    @Test
    void slowPhaseShowsUpWhereItBelongsAndPhasesAddUpToTheServerTotal() {
        JsonPath r = run("{'target':'phased','connections':2,'duration':'1500ms','warmup':'300ms','breakdown':true}");
        assertEquals("DONE", r.getString("status"));
        assertEquals(PhasedTarget.PATH, r.getString("breakdown.path"));
        long requests = r.getLong("measured.requests");
        long timed = r.getLong("breakdown.serverTotal.count");
        assertTrue(requests > 20, "requests " + requests);
        assertEquals(requests, timed, requests * 0.05 + 2, "the server timed (nearly) every measured request");

        Map<String, Object> phases = r.getMap("breakdown.phases");
        assertEquals(List.of("probe.fast", "probe.slow"), List.copyOf(phases.keySet()));
        double slow = d(r, "breakdown.phases.'probe.slow'.mean");
        double fast = d(r, "breakdown.phases.'probe.fast'.mean");
        // a spin ends 2 ms (wall clock) after it began, later only when the machine is busy
        assertTrue(slow >= 2.0 && slow < 2.0 + d(r, "breakdown.serverTotal.mean"), "the 2 ms spin is in probe.slow: " + slow);
        assertTrue(d(r, "breakdown.phases.'probe.slow'.p50") >= 1.99, "p50 of probe.slow");
        assertTrue(fast < slow / 10, "probe.fast is (nearly) empty: " + fast);
        assertEquals(timed, r.getLong("breakdown.phases.'probe.slow'.count"), timed * 0.02 + 2);

        // server total = Σ phases + framework remainder, per request on average
        double server = d(r, "breakdown.serverTotal.mean");
        double sum = d(r, "breakdown.phases.'probe.fast'.perRequest") + d(r, "breakdown.phases.'probe.slow'.perRequest")
                + d(r, "breakdown.frameworkRemainder.mean");
        assertEquals(server, sum, server * 0.02, "phases + remainder = server total");
        double remainder = d(r, "breakdown.frameworkRemainder.mean");
        assertTrue(remainder > 0 && remainder < server - 2.0, "the remainder is the rest: " + remainder);
        assertTrue(d(r, "breakdown.phases.'probe.slow'.shareOfServer") > 0.5, "slow phase dominates the server time");

        // the client saw the server time plus what happened outside
        double client = d(r, "breakdown.clientMeanMs");
        assertEquals(d(r, "latency.mean"), client, 0.001);
        assertTrue(client >= server, "client " + client + " >= server " + server);
        assertEquals(client - server, d(r, "breakdown.outsideServerMeanMs"), 0.001);
        double coverage = d(r, "breakdown.coverage");
        assertEquals(server / client, coverage, 0.002, "coverage: the server-measured share of the client mean");
        assertTrue(coverage > 0 && coverage <= 1.0, "coverage " + coverage);

        // jvm facts over the window
        assertTrue(d(r, "jvm.windowSeconds") >= 1.4, "window");
        assertNotNull(r.get("jvm.gc.count"));
        assertTrue(d(r, "jvm.processCpu.mean") > 0, "process CPU sampled");
        assertTrue(r.getInt("jvm.threads.peak") > 5, "threads sampled");
        assertTrue(r.getLong("jvm.allocation.bytes") > 0, "allocation sampled");
        assertTrue(d(r, "jvm.generator.cpuShareOfProcess") > 0, "generator share");
        assertNotNull(r.get("jvm.contention.threadPark.count"));
        assertNotNull(r.get("jvm.pinnedVirtualThreads.count"));
        assertTrue(r.getBoolean("jvm.jfr"));
        assertTrue(d(r, "jvm.processCpu.peakCores") >= d(r, "jvm.processCpu.meanCores"), "peak >= mean");
        assertNotNull(r.get("jvm.hostCpu.mean"), "host CPU sampled");

        String text = given().accept("text/plain").get("/q/bench/runs/" + r.getString("id")).asString();
        assertTrue(text.contains("Where the time goes") && text.contains("probe.slow") && text.contains("framework remainder"),
                text);
    }

    @Test
    void breakdownOffLeavesNoJfrFiguresAndRecordingIsKeptUntilForgotten() throws IOException {
        JsonPath off = run("{'target':'phased','connections':1,'duration':'500ms','breakdown':false,'profile':false}");
        assertEquals("DONE", off.getString("status"));
        assertFalse(off.getBoolean("spec.breakdown"));
        assertNull(off.get("breakdown"));
        // no JFR: the jvm section keeps only its sampled figures
        assertFalse(off.getBoolean("jvm.jfr"));
        assertTrue(d(off, "jvm.processCpu.mean") > 0, "process CPU sampled without JFR");
        assertTrue(off.getInt("jvm.threads.peak") > 5, "threads sampled without JFR");
        assertNull(off.get("jvm.gc"));
        assertNull(off.get("jvm.pinnedVirtualThreads"));
        assertNull(off.get("jvm.contention"));
        given().get("/q/bench/runs/" + off.getString("id") + "/recording.jfr").then().statusCode(404);
        given().get("/q/bench/runs/nope/recording.jfr").then().statusCode(404);

        JsonPath kept = run("{'target':'phased','connections':1,'duration':'500ms','jfr':true,'breakdown':true}");
        String id = kept.getString("id");
        assertTrue(kept.getBoolean("spec.jfr"));
        byte[] jfr = given().get("/q/bench/runs/" + id + "/recording.jfr").then().statusCode(200)
                .contentType("application/octet-stream").extract().asByteArray();
        Path file = Files.createTempFile("run", ".jfr");
        Files.write(file, jfr);
        List<RecordedEvent> requests = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("jwtbench.ServerRequest")).toList();
        Files.delete(file);
        assertTrue(requests.size() > 5, "the kept recording has the request events: " + requests.size());
        assertEquals("probe.slow", requests.get(0).getString("phase1"), "with their phases");
        assertTrue(requests.get(0).getLong("nanos1") >= PhasedTarget.SLOW_NANOS);
        Path onDisk = JFR_DIR.resolve("run-" + id + ".jfr");
        assertTrue(Files.isRegularFile(onDisk));

        // history-size 2: two more runs push it out, and its file goes with it
        run("{'target':'phased','connections':1,'duration':'300ms','breakdown':false}");
        run("{'target':'phased','connections':1,'duration':'300ms','breakdown':false}");
        given().get("/q/bench/runs/" + id + "/recording.jfr").then().statusCode(404);
        assertFalse(Files.exists(onDisk), "deleted with the run");
    }

    @Test
    void breakdownMustBeBoolean() {
        given().contentType(ContentType.JSON).body("{\"target\":\"phased\",\"connections\":1,\"breakdown\":\"yes\"}")
                .post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("breakdown"));
    }
}
