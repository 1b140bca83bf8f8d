package io.jwtbench.service.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.service.testing.ServicePod;

/**
 * The packaged service (target/quarkus-app, prod profile, so the smoke bench is on) probed like
 * kubelet probes the pod of deploy/kubernetes/deployment.yaml, with the manifest's probe periods and
 * thresholds scaled by {@link #TIME_SCALE}. Runs after {@code package} (failsafe).
 *
 * <p>
 * The smoke run is shortened and its thresholds loosened with -D overrides: this checks the
 * mechanism (DOWN until a passing run, then UP; DOWN with the reason for impossible thresholds;
 * liveness unaffected), not the speed of a shared CI machine. The service's own thresholds are in its
 * application.properties.
 */
class KubeletReadinessIT {
    /** The manifest's periods run this much faster (2 s readiness period: 1 s). */
    static final double TIME_SCALE = 0.5;
    static final String CHECK = "bench-smoke";
    static final List<String> FAST_SMOKE = List.of("-Dquarkus.bench.smoke.warmup=1s",
            "-Dquarkus.bench.smoke.duration=1s", "-Dquarkus.bench.smoke.options.tokens=100",
            "-Dquarkus.bench.smoke.connections=2");

    static Map<String, Object> container;
    static int progressDeadlineSeconds;

    @BeforeAll
    static void manifest() throws IOException {
        container = Manifests.container();
        progressDeadlineSeconds = ((Number) Manifests.at(Manifests.single("deployment.yaml", "Deployment"),
                "spec.progressDeadlineSeconds")).intValue();
    }

    @Test
    void notReadyUntilTheSmokeRunPassesThenReady() throws Exception {
        List<String> props = new ArrayList<>(FAST_SMOKE);
        props.addAll(List.of("-Dquarkus.bench.smoke.min-rps=20", "-Dquarkus.bench.smoke.max-p99=2s",
                "-Dquarkus.bench.smoke.max-error-rate=0",
                // reads of /q/bench need the operator role in prod; the test reads the smoke run anonymously
                "-Dquarkus.bench.security.public-reads=true"));
        try (ServicePod pod = ServicePod.start("ready", props)) {
            Kubelet kubelet = new Kubelet(container, pod.port, TIME_SCALE);
            kubelet.awaitStarted();
            Kubelet.Result ready = kubelet.probeUntil(Kubelet.Result::success,
                    kubelet.scaledMillis(progressDeadlineSeconds));
            String history = explain(pod, kubelet);
            assertNotNull(ready, "never ready within the (scaled) progressDeadlineSeconds\n" + history);

            Kubelet.Result first = kubelet.readinessResults.get(0);
            assertEquals(503, first.status(), "the first readiness probe must find the pod not ready\n" + history);
            // PENDING or RUNNING; FAILED when a cold first attempt failed (then retried) before the probe came
            String firstStatus = first.check(CHECK).path("data").path("status").asText();
            assertTrue(List.of("PENDING", "RUNNING", "FAILED").contains(firstStatus), history);
            for (Kubelet.Result r : kubelet.readinessResults.subList(0, kubelet.readinessResults.size() - 1)) {
                assertEquals(503, r.status(), history);
                assertEquals("DOWN", r.check(CHECK).path("status").asText(), history);
            }

            JsonNode passed = ready.check(CHECK).path("data");
            assertEquals("UP", ready.check(CHECK).path("status").asText());
            assertEquals("PASSED", passed.path("status").asText());
            assertEquals("jwt", passed.path("target").asText());
            assertEquals("0", passed.path("errorRate").asText(), history);
            assertTrue(passed.path("requests").asLong() > 0);
            assertTrue(Double.parseDouble(passed.path("rps").asText()) >= 20);
            assertTrue(Double.parseDouble(passed.path("p99Ms").asText()) <= 2000);

            // the smoke run is in the bench history, labelled as such
            Kubelet.Result run = kubelet.get("/q/bench/runs/" + passed.path("runId").asText(), Duration.ofSeconds(5));
            assertEquals(200, run.status());
            assertEquals("smoke", run.body().path("trigger").asText());
            assertEquals("DONE", run.body().path("status").asText());

            kubelet.livenessResults.forEach(r -> assertTrue(r.success(), "liveness " + r + "\n" + history));
        }
    }

    @Test
    void staysNotReadyWithTheReasonWhenThresholdsAreImpossible() throws Exception {
        List<String> props = new ArrayList<>(FAST_SMOKE);
        props.addAll(List.of("-Dquarkus.bench.smoke.min-rps=1000000000", "-Dquarkus.bench.smoke.retry-backoff=500ms",
                "-Dquarkus.bench.smoke.retry-max-backoff=1s"));
        try (ServicePod pod = ServicePod.start("impossible", props)) {
            Kubelet kubelet = new Kubelet(container, pod.port, TIME_SCALE);
            kubelet.awaitStarted();
            // watch until the smoke bench has failed twice (so it retried), never ready meanwhile
            Kubelet.Result retried = kubelet.probeUntil(
                    r -> r.success() || r.check(CHECK).path("data").path("attempts").asInt() >= 2,
                    kubelet.scaledMillis(progressDeadlineSeconds));
            String history = explain(pod, kubelet);
            assertNotNull(retried, "the smoke bench never retried\n" + history);
            for (Kubelet.Result r : kubelet.readinessResults) {
                assertEquals(503, r.status(), "never ready with impossible thresholds\n" + history);
            }
            JsonNode data = retried.check(CHECK).path("data");
            assertTrue(data.path("reason").asText().contains("< min-rps 1000000000"), history);
            assertEquals("1000000000", data.path("minRps").asText());
            assertFalse(data.has("passedAt"), history);
            assertFalse(data.has("nextAttemptAt"), "the schedule is not published\n" + history);
            // liveness stays independent of the smoke bench
            assertFalse(kubelet.livenessResults.isEmpty(), history);
            kubelet.livenessResults.forEach(r -> assertTrue(r.success(), "liveness " + r + "\n" + history));
        }
    }

    /** Every probe result and the application's log, for assertion messages. */
    static String explain(ServicePod pod, Kubelet kubelet) throws IOException {
        StringBuilder b = new StringBuilder("readiness:\n");
        kubelet.readinessResults.forEach(r -> b.append("  ").append(r).append('\n'));
        b.append("liveness:\n");
        kubelet.livenessResults.forEach(r -> b.append("  ").append(r).append('\n'));
        List<String> lines = Files.readAllLines(pod.log);
        b.append("log (").append(pod.log).append("), last lines:\n");
        lines.subList(Math.max(0, lines.size() - 30), lines.size()).forEach(l -> b.append("  ").append(l).append('\n'));
        return b.toString();
    }
}
