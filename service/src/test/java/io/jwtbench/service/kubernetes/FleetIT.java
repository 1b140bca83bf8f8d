package io.jwtbench.service.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.bench.runtime.stats.HistogramCodec;
import io.jwtbench.service.testing.ServicePod;
import io.jwtbench.service.testing.TestCa;

/**
 * A fleet run over three packaged service instances on this machine (a static peer list, one port
 * each) plus a fourth peer where nothing listens: the merged histogram holds exactly the pods'
 * requests, its percentiles are those of the three pods' histograms added here, and the dead peer
 * is a row of its own that fails the verdict. The coordinators reach their pods over HTTPS with a fleet
 * token, as a production fleet does: the pods' certificate comes from a CA made for the test and names
 * {@value #SERVER_NAME} only, the peers are IP addresses (as a headless Service's DNS gives them), and the
 * coordinator trusts that CA through a TLS registry configuration and checks the name instead of the address.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final List<ServicePod> PODS = new ArrayList<>();
    /** A pod's plain HTTP port by its HTTPS port (the fleet's rows name the latter; the test reads over the former). */
    static final java.util.Map<Integer, Integer> PLAIN = new java.util.HashMap<>();
    static int deadPort;
    /**
     * Holds the dead peer's port: bound, never listening, so a connection to it is refused and nothing else on the
     * machine (another test's server asking for any free port) can take it while this class runs.
     */
    static java.net.Socket deadPortHolder;

    static final String SERVER_NAME = "jwt-bench-headless.fleet.test";

    @BeforeAll
    static void startPods() throws Exception {
        int[] ports = { ServicePod.freePort(), ServicePod.freePort(),
                ServicePod.freePort() };
        int[] tlsPorts = { ServicePod.freePort(), ServicePod.freePort(), ServicePod.freePort() };
        deadPortHolder = new java.net.Socket();
        deadPortHolder.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
        deadPort = deadPortHolder.getLocalPort();
        String peers = java.util.stream.IntStream.concat(java.util.Arrays.stream(tlsPorts), java.util.stream.IntStream.of(deadPort))
                .mapToObj(p -> "https://127.0.0.1:" + p).collect(Collectors.joining(","));
        TestCa ca = TestCa.create(Path.of("target", "fleet-it-tls").toAbsolutePath(), "san=dns:" + SERVER_NAME);
        for (int i = 0; i < ports.length; i++) {
            PLAIN.put(tlsPorts[i], ports[i]);
            PODS.add(ServicePod.start("fleet-" + i, ports[i], List.of("-Dquarkus.bench.smoke.enabled=false",
                    "-Dquarkus.bench.security.enabled=false", "-Dquarkus.bench.fleet.peers=" + peers,
                    "-Dquarkus.http.ssl-port=" + tlsPorts[i], "-Dquarkus.tls.key-store.pem.0.cert=" + ca.serverCertPem(),
                    "-Dquarkus.tls.key-store.pem.0.key=" + ca.serverKeyPem(),
                    "-Dquarkus.tls.fleet.trust-store.pem.certs=" + ca.caPem(),
                    "-Dquarkus.bench.fleet.tls-configuration-name=fleet", "-Dquarkus.bench.fleet.tls-server-name=" + SERVER_NAME,
                    "-Dquarkus.bench.fleet.token-secret=" + "fleet-it-secret-".repeat(3),
                    // a cold JVM's first TLS handshakes on a busy 2-core machine took over the default 5 s
                    "-Dquarkus.bench.fleet.request-timeout=20s", "-Xmx256m")));
        }
        awaitUp(PODS);
        for (ServicePod pod : PODS) { // an operator learns to read ERROR lines only if there are none by default
            List<String> errors = Files.readAllLines(pod.log).stream().filter(l -> l.contains(" ERROR ")).toList();
            assertEquals(List.of(), errors, "start-up ERROR lines of " + pod.log);
        }
    }

    /** Until every pod's bench answers; three JVMs starting at once on a busy 2-core box get 90 s. */
    static void awaitUp(List<ServicePod> pods) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plusSeconds(90);
        for (ServicePod pod : pods) {
            while (!up(pod.port)) {
                assertTrue(Instant.now().isBefore(deadline), "pod on " + pod.port + " did not start:\n"
                        + String.join("\n", Files.readAllLines(pod.log)));
                Thread.sleep(200);
            }
        }
    }

    @AfterAll
    static void stopPods() throws Exception {
        for (ServicePod pod : PODS) {
            pod.close();
        }
        deadPortHolder.close();
    }

    static boolean up(int port) {
        try {
            return get(port, "/q/bench/runs").statusCode() == 200;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void mergesThePodsExactlyAndReportsTheDeadOne() throws Exception {
        String spec = "{\"target\":\"health\",\"connections\":2,\"duration\":\"2s\",\"warmup\":\"500ms\","
                + "\"thresholds\":{\"p99\":\"1m\"}}";
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + PODS.get(0).port + "/q/bench/fleet?wait=true"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(90))
                .POST(HttpRequest.BodyPublishers.ofString(spec)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        JsonNode f = JSON.readTree(answer.body());
        assertEquals("PARTIAL", f.path("status").asText(), answer.body());
        assertEquals(4, f.path("pods").size());

        Histogram all = new Histogram(3);
        long requests = 0;
        long firstSecond = 0;
        for (JsonNode pod : f.path("pods")) {
            if (pod.path("pod").asText().endsWith(":" + deadPort)) {
                assertEquals("UNREACHABLE", pod.path("state").asText(), pod.toString());
                assertTrue(pod.path("error").asText().length() > 0, pod.toString());
                continue;
            }
            assertEquals("DONE", pod.path("state").asText(), pod.toString());
            int port = PLAIN.get(URI.create(pod.path("pod").asText()).getPort());
            JsonNode run = JSON.readTree(get(port, "/q/bench/runs/" + pod.path("runId").asText()).body());
            requests += run.path("measured").path("requests").asLong();
            firstSecond += run.path("timeSeries").get(0).path("requests").asLong();
            all.add(HistogramCodec.decode(run.path("latency").path("histogram").asText()));
            assertEquals(f.path("startAt").asText(), run.path("startAt").asText(), "every pod got the same start instant");
        }
        JsonNode merged = f.path("merged");
        assertTrue(requests > 0);
        assertEquals(requests, merged.path("measured").path("requests").asLong());
        assertEquals(requests, merged.path("latency").path("count").asLong());
        assertEquals(all.getTotalCount(), merged.path("latency").path("count").asLong());
        for (String[] p : new String[][] { { "p50", "50" }, { "p90", "90" }, { "p99", "99" }, { "p99_9", "99.9" } }) {
            double expected = Math.round(all.getValueAtPercentile(Double.parseDouble(p[1]))) / 1000.0;
            assertEquals(expected, merged.path("latency").path(p[0]).asDouble(), 1e-9, p[0]);
        }
        assertEquals(all.getMaxValue() / 1000.0, merged.path("latency").path("max").asDouble(), 1e-9);
        assertEquals(firstSecond, merged.path("timeSeries").get(0).path("requests").asLong(), "second 1 added up");

        assertEquals("failed", f.path("verdict").path("result").asText(), answer.body());
        assertTrue(f.path("verdict").path("reasons").get(0).asText().contains(":" + deadPort + ": UNREACHABLE"),
                f.path("verdict").toString());

        HttpResponse<String> text = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PODS.get(1).port
                + "/q/bench/runs")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, text.statusCode());
        String summary = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PODS.get(0).port
                + "/q/bench/fleet/" + f.path("id").asText())).header("Accept", "text/plain").build(),
                HttpResponse.BodyHandlers.ofString()).body();
        List<String> lines = summary.lines().toList();
        assertTrue(lines.get(lines.size() - 1).startsWith("verdict: failed: https://127.0.0.1:" + deadPort + ": UNREACHABLE"), summary);
        assertTrue(summary.contains("Merged (3 of 4 pods"), summary);
    }

    /**
     * {@code /q/bench/fleet/{id}/events} streams the pods' live figures; DELETE on the fleet cancels the
     * run on every pod (each pod's own run ends CANCELLED), and the stream ends with the fleet's summary.
     */
    @Test
    void eventsFollowTheFleetAndCancellingItCancelsEveryPodsRun() throws Exception {
        int coordinator = PODS.get(1).port;
        HttpResponse<String> started = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + coordinator
                + "/q/bench/fleet")).header("Content-Type", "application/json").timeout(Duration.ofSeconds(90))
                .POST(HttpRequest.BodyPublishers.ofString("{\"target\":\"health\",\"connections\":1,\"duration\":\"1m\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, started.statusCode(), started.body());
        String fleet = "/q/bench/fleet/" + JSON.readTree(started.body()).path("id").asText();

        java.util.Iterator<String> lines = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + coordinator
                + fleet + "/events")).build(), HttpResponse.BodyHandlers.ofLines()).body().iterator();
        Instant deadline = Instant.now().plusSeconds(60);
        JsonNode live = null;
        while (live == null) {
            assertTrue(Instant.now().isBefore(deadline), "no progress event with the three pods' figures");
            String line = lines.next();
            if (line.startsWith("data: ")) {
                JsonNode event = JSON.readTree(line.substring(6));
                if (event.path("podsReporting").asInt() == 3 && event.path("requests").asLong() > 0) {
                    live = event;
                }
            }
        }
        long sum = 0;
        for (JsonNode pod : live.path("pods")) {
            sum += pod.path("requests").asLong();
        }
        assertEquals(sum, live.path("requests").asLong(), "the event's requests add the pods' up: " + live);

        HttpResponse<String> cancelled = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + coordinator + fleet))
                .DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(cancelled.statusCode() == 200 || cancelled.statusCode() == 202, cancelled.body());
        String summary = null;
        String event = "";
        while (summary == null) {
            assertTrue(Instant.now().isBefore(deadline), "no summary event after the cancel");
            String line = lines.next();
            if (line.startsWith("event: ")) {
                event = line.substring(7);
            } else if (line.startsWith("data: ") && event.equals("summary")) {
                summary = line.substring(6);
            }
        }
        JsonNode f = JSON.readTree(summary);
        assertEquals("CANCELLED", f.path("status").asText(), summary);
        int cancelledRuns = 0;
        for (JsonNode pod : f.path("pods")) {
            if (pod.path("pod").asText().endsWith(":" + deadPort)) {
                continue;
            }
            int port = PLAIN.get(URI.create(pod.path("pod").asText()).getPort());
            JsonNode run = JSON.readTree(get(port, "/q/bench/runs/" + pod.path("runId").asText()).body());
            assertEquals("CANCELLED", run.path("status").asText(), "the pod's own run: " + run);
            cancelledRuns++;
        }
        assertEquals(3, cancelledRuns);
    }

    /**
     * The coordinator shutting down (SIGTERM, as Kubernetes does on a rollout) cancels the fleet's run on every
     * pod: the pods' runs end CANCELLED long before their planned minute is up, none goes on loading itself for
     * a coordinator that left. Last, since it stops a pod.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void theCoordinatorsShutdownCancelsEveryPodsRun() throws Exception {
        ServicePod coordinator = PODS.get(2);
        HttpResponse<String> started = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + coordinator.port
                + "/q/bench/fleet")).header("Content-Type", "application/json").timeout(Duration.ofSeconds(90))
                .POST(HttpRequest.BodyPublishers.ofString("{\"target\":\"health\",\"connections\":1,\"duration\":\"1m\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, started.statusCode(), started.body());
        int pod = PODS.get(0).port;
        Instant deadline = Instant.now().plusSeconds(60);
        JsonNode run;
        do { // until the pod's own run of this fleet measures
            assertTrue(Instant.now().isBefore(deadline), "the pod's run never started measuring");
            Thread.sleep(200);
            run = JSON.readTree(get(pod, "/q/bench/runs").body()).path("runs").path(0);
        } while (!run.path("status").asText().equals("RUNNING"));
        Instant shutdown = Instant.now();
        coordinator.close();
        String path = "/q/bench/runs/" + run.path("id").asText();
        JsonNode ended;
        do {
            Thread.sleep(200);
            ended = JSON.readTree(get(pod, path).body());
        } while (ended.path("status").asText().equals("RUNNING") && Instant.now().isBefore(shutdown.plusSeconds(50)));
        assertEquals("CANCELLED", ended.path("status").asText(), "the pod's run after its coordinator stopped: " + ended);
        assertTrue(ended.path("measured").path("durationSeconds").asDouble() < 50, ended.toString());
        // its own run's JFR stream was stopping while the JVM's JFR hook stopped every recording: no thread died of it
        List<String> died = Files.readAllLines(coordinator.log).stream().filter(l -> l.startsWith("Exception in thread")).toList();
        assertEquals(List.of(), died, "uncaught exceptions in " + coordinator.log);
    }
}
