package io.jwtbench.bench.runtime.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The bench API of one pod, over HTTP, with the fleet caller's {@code Authorization} header (each
 * pod checks it as for a run of its own: the coordinator adds no authority of its own), or, with
 * {@code quarkus.bench.fleet.token-secret}, a short-lived {@link FleetToken} instead.
 */
final class PodClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String RUNS = "/q/bench/runs";
    static final Duration PREPARE = Duration.ofMinutes(1);
    /** The default of {@code quarkus.bench.fleet.max-answer-size}. */
    static final int DEFAULT_MAX_ANSWER = 4 * 1024 * 1024;

    /** The pod answered something no bench answers (too large, not JSON where JSON is due, ...): that pod fails, the others go on. */
    static final class BadAnswer extends RuntimeException {
        BadAnswer(String message) {
            super(message);
        }
    }

    /** A pod's answer: its status code and JSON body. */
    record Answer(int status, JsonNode body) {
    }

    private final HttpClient http;
    private final Duration timeout;
    /** The credential header sent to every pod ({@code Authorization} or {@link FleetToken#HEADER}) and its value; null: none. */
    private final String credentialHeader;
    private final String credential;
    private final int maxAnswer;

    PodClient(HttpClient http, Duration timeout, String authorization) {
        this(http, timeout, authorization, DEFAULT_MAX_ANSWER);
    }

    /** @param maxAnswer the largest answer body read from a pod, in bytes; a larger one is a {@link BadAnswer} */
    PodClient(HttpClient http, Duration timeout, String authorization, int maxAnswer) {
        this(http, timeout, "Authorization", authorization, maxAnswer);
    }

    /** @param credentialHeader, credential what every request to a pod carries; credential null: nothing */
    PodClient(HttpClient http, Duration timeout, String credentialHeader, String credential, int maxAnswer) {
        this.http = http;
        this.timeout = timeout;
        this.credentialHeader = credentialHeader;
        this.credential = credential;
        this.maxAnswer = maxAnswer;
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
        if (credential != null) {
            b.header(credentialHeader, credential);
        }
        return b;
    }

    private Answer send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        String text;
        try (InputStream in = response.body()) {
            // never more than the limit in memory, whatever Content-Length says (or whether it says anything)
            byte[] bytes = in.readNBytes(maxAnswer + 1);
            if (bytes.length > maxAnswer) {
                throw new BadAnswer("answer larger than " + maxAnswer + " bytes (quarkus.bench.fleet.max-answer-size)");
            }
            text = new String(bytes, StandardCharsets.UTF_8);
        }
        JsonNode body;
        try {
            body = JSON.readTree(text);
        } catch (IOException notJson) {
            body = JSON.getNodeFactory().textNode(text);
        }
        return new Answer(response.statusCode(), body == null ? JSON.getNodeFactory().textNode("") : body);
    }
}
