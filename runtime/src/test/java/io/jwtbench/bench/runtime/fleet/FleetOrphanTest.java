package io.jwtbench.bench.runtime.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.report.FleetView;

/**
 * A fleet run never leaves a pod's run going unattended: cancelling the fleet, a pod past its
 * deadline and a start that throws each end with DELETE on the runs already started, with the
 * caller's Authorization. The pods are local HTTP servers speaking the bench's run API; their runs
 * go on until deleted (or for ever).
 */
class FleetOrphanTest {
    /** {@code quarkus.bench.fleet.grace}'s default. */
    static final Duration GRACE = Duration.ofSeconds(30);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String AUTH = "Bearer operator.token";
    /** Generous for a busy 2-core box: the fleet polls every 500 ms. */
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private final List<Pod> pods = new ArrayList<>();

    /** A pod's bench: POST starts a run that reports RUNNING with fixed progress figures until DELETEd (if it listens). */
    static final class Pod {
        final HttpServer server;
        final List<String> seen = new CopyOnWriteArrayList<>();
        final Map<String, String> runs = new ConcurrentHashMap<>();
        final AtomicInteger next = new AtomicInteger();

        /** What GET answers as the run's status while it runs: RUNNING, or something no bench says. */
        volatile String running = "RUNNING";

        Pod(boolean endsOnDelete) throws Exception {
            this(endsOnDelete, 0);
        }

        /** @param port where it listens; 0: any free port */
        Pod(boolean endsOnDelete, int port) throws Exception {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
            server.createContext("/q/bench/runs", exchange -> {
                String method = exchange.getRequestMethod();
                String path = exchange.getRequestURI().getPath();
                seen.add(method + " " + path + " " + exchange.getRequestHeaders().getFirst("Authorization"));
                String id = path.substring(path.lastIndexOf('/') + 1);
                String body;
                int status = 200;
                if (method.equals("POST")) {
                    id = "run-" + next.incrementAndGet();
                    runs.put(id, "RUNNING");
                    status = 202;
                    body = "{\"id\":\"" + id + "\",\"status\":\"QUEUED\"}";
                } else {
                    if (method.equals("DELETE") && endsOnDelete) {
                        runs.put(id, "CANCELLED");
                    }
                    String state = runs.getOrDefault(id, "FAILED");
                    state = state.equals("RUNNING") ? running : state;
                    body = "{\"id\":\"" + id + "\",\"status\":\"" + state + "\",\"target\":\"health\",\"spec\":{},\"options\":{}"
                            + (state.equals("RUNNING") ? ",\"progress\":{\"phase\":\"measure\",\"elapsedSeconds\":1.5,"
                                    + "\"requests\":100,\"currentRps\":40.5,\"lastSecondP50\":0.1,\"lastSecondP99\":0.2},"
                                    + "\"errors\":{\"total\":3}" : "")
                            + "}";
                }
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(status, bytes.length);
                exchange.getResponseBody().write(bytes);
                exchange.close();
            });
            server.start();
        }

        URI uri() {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        }

        List<String> deletes() {
            return seen.stream().filter(s -> s.startsWith("DELETE")).toList();
        }
    }

    @AfterEach
    void stopPods() {
        pods.forEach(p -> p.server.stop(0));
    }

    private Pod pod(boolean endsOnDelete) throws Exception {
        Pod p = new Pod(endsOnDelete);
        pods.add(p);
        return p;
    }

    private static Fleet fleet(List<URI> peers, String duration, Duration grace) {
        return fleet(peers, duration, grace, Duration.ZERO);
    }

    private static Fleet fleet(List<URI> peers, String duration, Duration grace, Duration startDelay) {
        RunSpec spec = new RunSpec("health", new LoadModel.Closed(1), io.jwtbench.bench.runtime.plan.Durations.parse(duration),
                Duration.ZERO, Duration.ofMillis(100), Map.of(), false, false, false, Thresholds.NONE, false, io.jwtbench.bench.runtime.plan.Transport.PLAIN);
        ObjectNode body = JSON.createObjectNode().put("target", "health").put("connections", 1).put("duration", duration);
        Duration timeout = Duration.ofSeconds(5);
        Fleet f = new Fleet("f1", spec, body, peers, startDelay, grace, new PodClient(Fleet.http(timeout), timeout, AUTH));
        f.begin();
        return f;
    }

    private static void await(Fleet f, String what, Predicate<FleetReport> condition) throws InterruptedException {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (!condition.test(f.report())) {
            assertTrue(Instant.now().isBefore(deadline), what + ": " + f.report());
            Thread.sleep(50);
        }
    }

    private static boolean allPolled(FleetReport r, int count) {
        return r.pods().stream().filter(p -> p.progress() != null).count() == count;
    }

    @Test
    void cancellingTheFleetCancelsEveryPodsRunAndItsEventsAddThePodsUp() throws Exception {
        Pod a = pod(true);
        Pod b = pod(true);
        Fleet f = fleet(List.of(a.uri(), b.uri()), "1m", GRACE);
        await(f, "both pods running and polled", r -> allPolled(r, 2));

        Map<String, Object> event = FleetView.progressEvent(f.report());
        assertEquals(2, event.get("podsReporting"));
        assertEquals(200L, event.get("requests"), event.toString());
        assertEquals(81.0, (double) event.get("currentRps"), 1e-9, event.toString());
        assertEquals(6L, event.get("errors"), event.toString());
        assertEquals(1.5, (double) event.get("elapsedSeconds"), 1e-9, event.toString());

        f.cancel();
        f.finished().get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(List.of("DELETE /q/bench/runs/run-1 " + AUTH), a.deletes());
        assertEquals(List.of("DELETE /q/bench/runs/run-1 " + AUTH), b.deletes());
        assertEquals(FleetStatus.CANCELLED, f.report().status());
        f.report().pods().forEach(p -> assertEquals(PodState.CANCELLED, p.state(), p.toString()));
        assertEquals(0, FleetView.progressEvent(f.report()).get("podsReporting"), "an ended pod reports no live figures");
    }

    /**
     * A pod that listens only a moment after the fleet began (restarting, say) still gets its start before
     * {@code startAt}, once; a peer that never listens is UNREACHABLE once {@code startAt} came, its row saying
     * how often it was tried and what the socket said.
     */
    @Test
    void aRefusedStartIsTriedAgainUntilStartAt() throws Exception {
        int latePort;
        int deadPort;
        try (java.net.ServerSocket a = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                java.net.ServerSocket b = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            latePort = a.getLocalPort();
            deadPort = b.getLocalPort();
        }
        Duration startDelay = Duration.ofSeconds(3);
        Fleet f = fleet(List.of(URI.create("http://127.0.0.1:" + latePort), URI.create("http://127.0.0.1:" + deadPort)),
                "1m", GRACE, startDelay);
        Instant startAt = f.startedAt().plus(startDelay);
        Thread.sleep(800); // the fleet's first connects to both were refused by now
        Pod late = new Pod(true, latePort);
        pods.add(late);
        await(f, "the late pod started and the dead one given up", r -> r.pods().stream().noneMatch(p -> p.state() == PodState.STARTING));

        assertTrue(!Instant.now().isBefore(startAt.minusMillis(250)), "the dead peer was given up before startAt");
        PodResult lateRow = f.report().pods().get(0);
        assertEquals(PodState.RUNNING, lateRow.state(), lateRow.toString());
        assertEquals(1, late.seen.stream().filter(s -> s.startsWith("POST")).count(), late.seen.toString());
        PodResult dead = f.report().pods().get(1);
        assertEquals(PodState.UNREACHABLE, dead.state(), dead.toString());
        // JDK 25's client says of a refused loopback connect "ConnectException, caused by ClosedChannelException"
        Matcher m = Pattern.compile("ConnectException: (\\d+) attempts until startAt, the last: "
                + "ConnectException.*").matcher(dead.error());
        assertTrue(m.matches() && Integer.parseInt(m.group(1)) >= 2, dead.error());
        f.cancel();
        f.finished().get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(List.of("DELETE /q/bench/runs/run-1 " + AUTH), late.deletes());
    }

    @Test
    void aPodPastItsDeadlineHasItsRunCancelled() throws Exception {
        Pod a = pod(false); // its run never ends, even when deleted
        Fleet f = fleet(List.of(a.uri()), "100ms", Duration.ofMillis(300));
        f.finished().get(PATIENCE.toSeconds(), TimeUnit.SECONDS);

        assertEquals(List.of("DELETE /q/bench/runs/run-1 " + AUTH), a.deletes());
        PodResult row = f.report().pods().get(0);
        assertEquals(PodState.UNREACHABLE, row.state());
        assertTrue(row.error().contains("no end within") && row.error().contains("its run was cancelled"), row.error());
        assertEquals(FleetStatus.FAILED, f.report().status());
    }

    /**
     * A pod answers a status no bench has: that pod is FAILED (its run cancelled), the other one is
     * still followed; the fleet is never cancelled for one malformed answer.
     */
    @Test
    void aMalformedAnswerFailsThatPodOnly() throws Exception {
        Pod a = pod(true);
        Pod odd = pod(true);
        odd.running = "SIDEWAYS";
        Fleet f = fleet(List.of(a.uri(), odd.uri()), "1m", GRACE);
        await(f, "the odd pod failed", r -> r.pods().get(1).state() == PodState.FAILED);
        PodResult row = f.report().pods().get(1);
        assertTrue(row.error().startsWith("malformed answer") && row.error().endsWith("its run was cancelled"), row.toString());
        assertEquals(List.of("DELETE /q/bench/runs/run-1 " + AUTH), odd.deletes());
        await(f, "the good pod polled", r -> allPolled(r, 1));
        assertEquals(PodState.RUNNING, f.report().pods().get(0).state());
        assertEquals(List.of(), a.deletes());

        f.cancel();
        f.finished().get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(List.of("DELETE /q/bench/runs/run-1 " + AUTH), a.deletes());
    }

    /** A start that throws (here: a peer whose scheme the HTTP client refuses) is its pod's row; the others are still followed, then cancelled. */
    @Test
    void aStartThatThrowsLeavesTheOtherPodsFollowedNotOrphaned() throws Exception {
        Pod a = pod(true);
        Pod b = pod(true);
        Fleet f = fleet(List.of(a.uri(), URI.create("ftp://127.0.0.1:1"), b.uri()), "1m", GRACE);
        await(f, "the two good pods polled", r -> allPolled(r, 2));
        PodResult broken = f.report().pods().get(1);
        assertEquals(PodState.FAILED, broken.state());
        assertTrue(broken.error().startsWith("start failed"), broken.error());

        f.cancel();
        f.finished().get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(List.of("DELETE /q/bench/runs/run-1 " + AUTH), a.deletes());
        assertEquals(List.of("DELETE /q/bench/runs/run-1 " + AUTH), b.deletes());
    }
}
