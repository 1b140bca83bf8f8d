package io.jwtbench.service.kubernetes;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.kubernetes.Manifests.Probe;

/**
 * Probes a local process the way kubelet probes the container of deploy/kubernetes/deployment.yaml:
 * the startup probe first (failureThreshold failures in a row: kubelet would restart the container),
 * then readiness and liveness, each on its own period, an answer in 200..399 within timeoutSeconds
 * being a success. Periods and initial delays are those of the manifest times {@code timeScale}, so a
 * test can run the same schedule faster; timeouts are not scaled.
 */
final class Kubelet {
    private static final ObjectMapper JSON = new ObjectMapper();

    record Result(long atMillis, int status, JsonNode body) {
        boolean success() {
            return status >= 200 && status < 400;
        }

        /** The data of a named check in a SmallRye Health answer, or an empty node. */
        JsonNode check(String name) {
            if (body != null) {
                for (JsonNode c : body.path("checks")) {
                    if (name.equals(c.path("name").asText())) {
                        return c;
                    }
                }
            }
            return JSON.missingNode();
        }

        @Override
        public String toString() {
            return "+" + atMillis + "ms " + status + " " + body;
        }
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final int port;
    private final double timeScale;
    private final long startedAt = System.currentTimeMillis();
    final Probe startup;
    final Probe readiness;
    final Probe liveness;
    final List<Result> readinessResults = new ArrayList<>();
    final List<Result> livenessResults = new ArrayList<>();

    Kubelet(Map<String, Object> container, int port, double timeScale) {
        this.port = port;
        this.timeScale = timeScale;
        this.startup = Probe.of(container, "startupProbe");
        this.readiness = Probe.of(container, "readinessProbe");
        this.liveness = Probe.of(container, "livenessProbe");
    }

    long scaledMillis(int seconds) {
        return Math.round(seconds * 1000 * timeScale);
    }

    long elapsedMillis() {
        return System.currentTimeMillis() - startedAt;
    }

    /** Runs the startup probe until it succeeds; throws as kubelet would restart the container. */
    void awaitStarted() throws InterruptedException {
        Thread.sleep(scaledMillis(startup.initialDelaySeconds()));
        int failures = 0;
        while (true) {
            Result r = probe(startup);
            if (r.success()) {
                return;
            }
            if (++failures >= startup.failureThreshold()) {
                throw new AssertionError("startup probe failed " + failures + " times in a row: kubelet would restart"
                        + " the container; last: " + r);
            }
            Thread.sleep(scaledMillis(startup.periodSeconds()));
        }
    }

    /**
     * After start-up: readiness and liveness on their own schedules until {@code stop} holds for a
     * readiness result, or {@code maxMillis} pass. Fails at once when liveness fails failureThreshold
     * times in a row (kubelet would restart the container).
     *
     * @return the readiness result that satisfied {@code stop}, or null when time ran out
     */
    Result probeUntil(Predicate<Result> stop, long maxMillis) throws InterruptedException {
        long start = System.currentTimeMillis();
        long nextReadiness = start + scaledMillis(readiness.initialDelaySeconds());
        long nextLiveness = start + scaledMillis(liveness.initialDelaySeconds());
        int livenessFailures = 0;
        while (System.currentTimeMillis() - start < maxMillis) {
            long now = System.currentTimeMillis();
            if (now >= nextLiveness) {
                Result r = probe(liveness);
                livenessResults.add(r);
                livenessFailures = r.success() ? 0 : livenessFailures + 1;
                if (livenessFailures >= liveness.failureThreshold()) {
                    throw new AssertionError("liveness failed " + livenessFailures + " times in a row: kubelet would"
                            + " restart the container; last: " + r);
                }
                nextLiveness += scaledMillis(liveness.periodSeconds());
            }
            if (now >= nextReadiness) {
                Result r = probe(readiness);
                readinessResults.add(r);
                if (stop.test(r)) {
                    return r;
                }
                nextReadiness += scaledMillis(readiness.periodSeconds());
            }
            Thread.sleep(Math.max(1, Math.min(nextLiveness, nextReadiness) - System.currentTimeMillis()));
        }
        return null;
    }

    Result probe(Probe p) {
        return get(p.path(), Duration.ofSeconds(p.timeoutSeconds()));
    }

    Result get(String path, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(timeout)
                .GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            JsonNode body;
            try {
                body = JSON.readTree(response.body());
            } catch (IOException notJson) {
                body = JSON.getNodeFactory().textNode(response.body());
            }
            return new Result(elapsedMillis(), response.statusCode(), body);
        } catch (IOException e) { // refused, timed out: a failure for kubelet
            return new Result(elapsedMillis(), -1, JSON.getNodeFactory().textNode(e.toString()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(elapsedMillis(), -1, JSON.getNodeFactory().textNode("interrupted"));
        }
    }
}
