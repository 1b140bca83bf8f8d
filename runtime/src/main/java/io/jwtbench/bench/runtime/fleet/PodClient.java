package io.jwtbench.bench.runtime.fleet;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The bench API of one pod, over HTTP, with the fleet caller's {@code Authorization} header (each
 * pod checks it as for a run of its own: the coordinator adds no authority of its own).
 */
final class PodClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String RUNS = "/q/bench/runs";
    static final Duration PREPARE = Duration.ofMinutes(1);

    /** A pod's answer: its status code and JSON body. */
    record Answer(int status, JsonNode body) {
    }

    private final HttpClient http;
    private final Duration timeout;
    private final String authorization;

    PodClient(HttpClient http, Duration timeout, String authorization) {
        this.http = http;
        this.timeout = timeout;
        this.authorization = authorization;
    }

    /** The pod answers once it prepared its requests (signing thousands of tokens may take a while): wait longer for that. */
    Answer start(URI pod, String spec) throws IOException, InterruptedException {
        return send(request(pod, RUNS).timeout(timeout.plus(PREPARE)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(spec)));
    }

    Answer get(URI pod, String runId) throws IOException, InterruptedException {
        return send(request(pod, RUNS + "/" + runId).GET());
    }

    Answer cancel(URI pod, String runId) throws IOException, InterruptedException {
        return send(request(pod, RUNS + "/" + runId).DELETE());
    }

    private HttpRequest.Builder request(URI pod, String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(pod.resolve(path)).timeout(timeout)
                .header("Accept", "application/json");
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return b;
    }

    private Answer send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException notJson) {
            body = JSON.getNodeFactory().textNode(response.body());
        }
        return new Answer(response.statusCode(), body);
    }
}
