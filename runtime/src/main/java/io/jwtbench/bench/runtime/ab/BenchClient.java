package io.jwtbench.bench.runtime.ab;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jwtbench.bench.runtime.Causes;

/**
 * One build's bench API over HTTP, as any client sees it: a run is {@code POST /q/bench/runs?wait=true} and
 * its answer is the finished report. The check reads reports as JSON trees, only the few fields it needs, so
 * a BASE build older than this code still answers in a form it reads.
 */
public final class BenchClient {
    static final ObjectMapper JSON = new ObjectMapper();
    private final String label;
    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** @param label BASE or NEW, as messages name the build */
    public BenchClient(String label, URI base) {
        this.label = label;
        this.base = base;
    }

    public String label() {
        return label;
    }

    /** GET {@code path} → its JSON; an {@link AbException} naming this build for anything but 200 and JSON. */
    JsonNode get(String path, Duration timeout) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path)).timeout(timeout).header("Accept", "application/json")
                .GET().build();
        return answer(send(request), "GET " + path);
    }

    /** Starts the run and answers once it finished: its report. */
    CompletableFuture<JsonNode> run(ObjectNode spec, Duration endsWithin) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/q/bench/runs?wait=true"))
                .timeout(endsWithin.plusSeconds(30)).header("Content-Type", "application/json")
                .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.ofString(spec.toString())).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .handle((response, failure) -> {
                    if (failure != null) {
                        throw new AbException(label + " did not answer a run (" + Causes.inWords(failure) + ")");
                    }
                    return answer(response, "the run " + spec);
                });
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AbException(label + " at " + base + " cannot be reached: " + Causes.inWords(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AbException("interrupted");
        }
    }

    private JsonNode answer(HttpResponse<String> response, String what) {
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            body = null;
        }
        if (response.statusCode() != 200 || body == null) {
            String reason = body != null && body.hasNonNull("reason")
                    ? body.path("field").asText("?") + ": " + body.path("reason").asText()
                    : abbreviate(response.body());
            throw new AbException(label + " answered HTTP " + response.statusCode() + " to " + abbreviate(what) + ": " + reason);
        }
        return body;
    }


    static String abbreviate(String s) {
        String one = s == null ? "" : s.replaceAll("\\s+", " ").strip();
        return one.length() <= 300 ? one : one.substring(0, 300) + "…";
    }
}
