package io.jwtbench.bench.deployment;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Just enough of Chromium's DevTools protocol to read a value from a live page. */
final class DevTools {
    private static final ObjectMapper JSON = new ObjectMapper();

    private DevTools() {
    }

    /** Waits for the page target (up to 60 s), lets it live {@code after} from then, evaluates {@code expression}. */
    static String evaluateAfter(int port, Duration after, String expression) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plusSeconds(60);
        String ws = null;
        while (ws == null) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("chromium's DevTools did not list the page within 60 s");
            }
            try {
                JsonNode targets = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                        .build(), HttpResponse.BodyHandlers.ofString()).body());
                for (JsonNode t : targets) {
                    if ("page".equals(t.path("type").asText()) && t.path("url").asText().startsWith("http")) {
                        ws = t.path("webSocketDebuggerUrl").asText();
                    }
                }
            } catch (java.io.IOException notYet) {
                // not listening yet
            }
            if (ws == null) {
                Thread.sleep(200);
            }
        }
        Thread.sleep(after.toMillis());
        CompletableFuture<String> answer = new CompletableFuture<>();
        StringBuilder text = new StringBuilder();
        WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(ws), new WebSocket.Listener() {
            @Override
            public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    answer.complete(text.toString());
                }
                w.request(1);
                return null;
            }
        }).get(30, TimeUnit.SECONDS);
        socket.sendText(JSON.writeValueAsString(java.util.Map.of("id", 1, "method", "Runtime.evaluate", "params",
                java.util.Map.of("expression", expression, "returnByValue", true))), true).get(30, TimeUnit.SECONDS);
        JsonNode result = JSON.readTree(answer.get(30, TimeUnit.SECONDS));
        socket.abort();
        return result.path("result").path("result").path("value").asText();
    }
}
