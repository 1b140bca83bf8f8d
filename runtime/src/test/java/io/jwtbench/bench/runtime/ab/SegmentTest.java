package io.jwtbench.bench.runtime.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** What the check reads from a run report, and which reports it refuses to compare. */
class SegmentTest {

    /** A finished run's report as the bench writes it, cut to the fields the check reads. */
    static ObjectNode report(long requests, long errors, String... componentsAndSeconds) {
        ObjectNode r = BenchClient.JSON.createObjectNode();
        r.put("id", "run1").put("status", "DONE").put("startedAt", "2026-11-27T10:00:00Z");
        r.putObject("measured").put("requests", requests).put("rps", requests / 5.0);
        r.putObject("latency").put("p50", 0.2).put("p99", 3.5);
        r.putObject("errors").put("total", errors);
        r.putObject("steady").put("steady", true);
        r.putObject("spec").put("target", "jwt").put("rate", 1000);
        var components = r.putObject("profile").putArray("components");
        for (int i = 0; i < componentsAndSeconds.length; i += 2) {
            components.addObject().put("component", componentsAndSeconds[i])
                    .put("cpuSeconds", Double.parseDouble(componentsAndSeconds[i + 1]));
        }
        return r;
    }

    @Test
    void theServiceCpuIsEveryComponentButTheGeneratorsTheJitsAndJfrs() {
        JsonNode r = report(10_000, 0, "network I/O", "0.30", "JWT validation", "0.10", "load generator", "0.25",
                "load generator: TLS records", "0.05", "JIT compiler threads", "0.40", "JFR recorder threads", "0.02",
                "bench overhead", "0.03", "GC threads", "0.02");
        Segment s = Segment.of("BASE", r);
        assertEquals((0.30 + 0.10 + 0.03 + 0.02) * 1e6 / 10_000, s.serverCpuUsPerRequest(), 1e-9);
        assertEquals(30, s.usPerRequest("load generator"), 1e-9, "both of the generator's components");
        assertEquals(40, s.usPerRequest("JIT compiler threads"), 1e-9);
        assertEquals(s.serverCpuUsPerRequest(), s.figure("CPU/request"));
        assertEquals(3.5, s.figure("p99"));
        assertEquals(2000, s.figure("throughput"));
    }

    @Test
    void aRunThatFailedOrAnsweredErrorsOrHasNoProfileIsNotCompared() {
        AbException errors = assertThrows(AbException.class, () -> Segment.of("BASE", report(10_000, 11, "network I/O", "0.3")));
        assertTrue(errors.getMessage().startsWith("BASE answered errors: 11 of 10000 requests failed"), errors.getMessage());
        Segment.of("BASE", report(10_000, 10, "network I/O", "0.3")); // 0.1 % is tolerated: a timeout on a busy machine

        ObjectNode failed = report(0, 0, "network I/O", "0.3");
        failed.put("status", "FAILED").put("error", "connection refused");
        AbException notDone = assertThrows(AbException.class, () -> Segment.of("NEW", failed));
        assertEquals("NEW's run run1 ended FAILED with 0 requests measured: connection refused", notDone.getMessage());

        AbException noProfile = assertThrows(AbException.class, () -> Segment.of("NEW", report(10_000, 0)));
        assertTrue(noProfile.getMessage().contains("no CPU profile"), noProfile.getMessage());
    }

    @Test
    void aRunWhoseCpuIsMostlyInThreadsNoSampleSawIsNotCompared() {
        // the wedged JFR reader's run: 223 µs a request in one unsampled thread beside about 125 of the service's own
        ObjectNode wedged = report(10_000, 0, "network I/O", "0.80", "JWT validation", "0.45", "unsampled threads", "2.232",
                "load generator", "0.40");
        var unsampled = (ObjectNode) wedged.path("profile").path("components").get(2);
        unsampled.putObject("threadCpuSeconds").put("JFR Event Stream 15", 2.2).put("vert.x-worker-thread-3", 0.032);
        AbException e = assertThrows(AbException.class, () -> Segment.of("BASE", wedged));
        assertTrue(e.getMessage().startsWith("BASE's run run1 spent 64 % of its service CPU (2.23 of 3.48 s) in threads no"
                + " profile sample saw (JFR Event Stream 15 2.20 s, vert.x-worker-thread-3 0.03 s)"), e.getMessage());

        // a few percent is ordinary, and one fifth is still taken
        Segment.of("BASE", report(10_000, 0, "network I/O", "0.80", "unsampled threads", "0.02"));
        Segment.of("BASE", report(10_000, 0, "network I/O", "0.80", "unsampled threads", "0.20"));
        assertThrows(AbException.class, () -> Segment.of("BASE", report(10_000, 0, "network I/O", "0.80", "unsampled threads", "0.21")));
    }
}
