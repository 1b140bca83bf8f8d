package io.jwtbench.service.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.testing.ServicePod;

/**
 * A fleet run over three packaged pods loses two of them mid-run, one killed (SIGKILL) and
 * one stopped (SIGSTOP). The fleet ends PARTIAL by its deadline (the run's warm-up, duration and timeout,
 * the fleet's grace, and one pod request timeout each for the last poll and the cancel of a silent pod),
 * the healthy pod's run merged; once the stopped pod resumes, its run is not left going.
 */
class FleetPodLossIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final List<ServicePod> PODS = new ArrayList<>();
    /** The fleet settings of the pods, from which the deadline is derived. */
    static final Duration START_DELAY = Duration.ofSeconds(5);
    static final Duration POD_TIMEOUT = Duration.ofSeconds(2);
    /** quarkus.bench.fleet.grace: the healthy pod's run ends within a second of its planned end, even beside a hog. */
    static final Duration GRACE = Duration.ofSeconds(8);
    static final Duration POLL = Duration.ofMillis(500); // Fleet.POLL

    @BeforeAll
    static void startPods() throws Exception {
        int[] ports = { ServicePod.freePort(), ServicePod.freePort(),
                ServicePod.freePort() };
        String peers = java.util.Arrays.stream(ports).mapToObj(p -> "http://127.0.0.1:" + p).collect(Collectors.joining(","));
        for (int i = 0; i < ports.length; i++) {
            PODS.add(ServicePod.start("fleet-loss-" + i, ports[i], List.of("-Dquarkus.bench.smoke.enabled=false",
                    "-Dquarkus.bench.security.enabled=false", "-Dquarkus.bench.fleet.peers=" + peers,
                    "-Dquarkus.bench.fleet.start-delay=" + START_DELAY.toSeconds() + "s",
                    "-Dquarkus.bench.fleet.request-timeout=" + POD_TIMEOUT.toSeconds() + "s",
                    "-Dquarkus.bench.fleet.grace=" + GRACE.toSeconds() + "s", "-Xmx256m")));
        }
        FleetIT.awaitUp(PODS);
    }

    @AfterAll
    static void stopPods() throws Exception {
        for (ServicePod pod : PODS) {
            signal(pod, "CONT");
            pod.close();
        }
    }

    static void signal(ServicePod pod, String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, String.valueOf(pod.process.pid())).inheritIO().start().waitFor();
    }

    @Test
    void aKilledAndAStoppedPodLeaveAPartialFleetOnTime() throws Exception {
        Duration warmup = Duration.ofMillis(500);
        Duration duration = Duration.ofSeconds(6);
        Duration timeout = Duration.ofSeconds(2);
        String spec = "{\"target\":\"health\",\"connections\":2,\"duration\":\"" + duration.toSeconds() + "s\",\"warmup\":\""
                + warmup.toMillis() + "ms\",\"timeout\":\"" + timeout.toSeconds() + "s\"}";
        ServicePod coordinator = PODS.get(0);
        Instant posted = Instant.now();
        HttpResponse<String> started = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + coordinator.port
                + "/q/bench/fleet")).header("Content-Type", "application/json").timeout(Duration.ofSeconds(90))
                .POST(HttpRequest.BodyPublishers.ofString(spec)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, started.statusCode(), started.body());
        String fleet = "/q/bench/fleet/" + JSON.readTree(started.body()).path("id").asText();
        Instant startAt = Instant.parse(JSON.readTree(started.body()).path("startAt").asText());
        // two seconds into the measured phase, one pod dies and one freezes
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), startAt.plus(warmup).plusSeconds(2)).toMillis()));
        PODS.get(1).process.destroyForcibly(); // SIGKILL
        signal(PODS.get(2), "STOP");

        Instant deadline = startAt.plus(warmup).plus(duration).plus(timeout).plus(GRACE).plus(POD_TIMEOUT.multipliedBy(2))
                .plus(POLL).plusSeconds(10); // the coordinator's own turn-around on a busy machine
        JsonNode f;
        do {
            assertTrue(Instant.now().isBefore(deadline), "the fleet did not end by " + deadline);
            Thread.sleep(500);
            f = JSON.readTree(FleetIT.get(coordinator.port, fleet).body());
        } while (f.path("status").asText().equals("RUNNING") || f.path("status").asText().equals("STARTING"));
        System.out.printf("Fleet with a killed and a stopped pod: %s after %.1f s (deadline %.1f s after the POST)%n",
                f.path("status").asText(), Duration.between(posted, Instant.now()).toMillis() / 1000.0,
                Duration.between(posted, deadline).toMillis() / 1000.0);
        assertEquals("PARTIAL", f.path("status").asText(), f.toString());
        JsonNode healthy = null;
        for (JsonNode pod : f.path("pods")) {
            if (pod.path("pod").asText().endsWith(":" + coordinator.port)) {
                healthy = pod;
            } else {
                assertTrue(!pod.path("state").asText().equals("DONE") && pod.path("error").asText().length() > 0, pod.toString());
            }
        }
        assertEquals("DONE", healthy.path("state").asText(), f.toString());
        assertTrue(f.path("merged").path("measured").path("requests").asLong() > 0, "the healthy pod is merged");

        // the stopped pod resumes: its run is not left going (cancelled by the DELETE it received, or ended by itself)
        ServicePod stopped = PODS.get(2);
        signal(stopped, "CONT");
        Instant settled = Instant.now().plus(duration).plus(timeout).plusSeconds(10);
        boolean anyGoing;
        do {
            Thread.sleep(500);
            JsonNode runs = JSON.readTree(FleetIT.get(stopped.port, "/q/bench/runs").body());
            anyGoing = false;
            for (JsonNode r : runs.path("runs")) {
                String status = r.path("status").asText();
                anyGoing |= !(status.equals("DONE") || status.equals("CANCELLED") || status.equals("FAILED"));
            }
            assertTrue(!anyGoing || Instant.now().isBefore(settled), "a run still going on the resumed pod: " + runs);
        } while (anyGoing);
    }
}
