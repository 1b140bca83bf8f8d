package io.jwtbench.bench.deployment;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Headless Chromium driven over the DevTools protocol (one WebSocket, {@code java.net.http}): a real browser
 * running a page's scripts, which a test reads and clicks through {@link #evaluate} and photographs with
 * {@link #screenshot}. For pages that are applications (Dev UI), where a static screenshot says nothing.
 */
final class Browser implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://[^\\s]+)");
    /**
     * Finds a CSS selector through every open shadow root (Dev UI is web components all the way down): the first
     * match, or null.
     */
    static final String DEEP = "function deep(sel, root = document) { const f = root.querySelector(sel); if (f) return f;"
            + " for (const e of root.querySelectorAll('*')) { if (e.shadowRoot) { const r = deep(sel, e.shadowRoot);"
            + " if (r) return r; } } return null; }\n";

    private final Process process;
    private final Path profile;
    private final WebSocket page;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    private Browser(Process process, Path profile, WebSocket page) {
        this.process = process;
        this.profile = profile;
        this.page = page;
    }

    /** Starts {@code chromium} headless on a blank page of {@code width} x {@code height}. */
    static Browser start(String chromium, int width, int height) throws Exception {
        Path profile = Files.createTempDirectory("chromium-profile");
        Process p = new ProcessBuilder(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                "--remote-debugging-port=0", "--user-data-dir=" + profile, "--window-size=" + width + "," + height,
                "about:blank")).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String browserUrl = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (String line; browserUrl == null && System.nanoTime() < deadline && (line = out.readLine()) != null;) {
            Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                browserUrl = m.group(1);
            }
        }
        if (browserUrl == null) {
            p.destroyForcibly();
            throw new IllegalStateException("chromium did not open its DevTools port");
        }
        Thread drain = new Thread(() -> out.lines().forEach(l -> {
        }), "chromium-output");
        drain.setDaemon(true);
        drain.start();
        // the blank page's own endpoint, from the browser's target list
        URI http = URI.create(browserUrl.replaceFirst("^ws://", "http://").replaceFirst("/devtools/.*$", "/json/list"));
        HttpClient client = HttpClient.newHttpClient();
        String wsUrl = null;
        for (JsonNode target : JSON.readTree(client.send(HttpRequest.newBuilder(http).build(),
                HttpResponse.BodyHandlers.ofString()).body())) {
            if ("page".equals(target.path("type").asText())) {
                wsUrl = target.path("webSocketDebuggerUrl").asText();
            }
        }
        Browser[] self = new Browser[1];
        StringBuilder message = new StringBuilder();
        WebSocket ws = client.newWebSocketBuilder().buildAsync(URI.create(wsUrl), new WebSocket.Listener() {
            @Override
            public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
                message.append(data);
                if (last) {
                    self[0].answered(message.toString());
                    message.setLength(0);
                }
                socket.request(1);
                return null;
            }
        }).get(30, TimeUnit.SECONDS);
        self[0] = new Browser(p, profile, ws);
        self[0].call("Page.enable", JSON.createObjectNode());
        self[0].call("Runtime.enable", JSON.createObjectNode());
        return self[0];
    }

    private void answered(String text) {
        try {
            JsonNode m = JSON.readTree(text);
            if (m.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                if (f != null) {
                    f.complete(m);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One DevTools command; its {@code result}. */
    JsonNode call(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode command = JSON.createObjectNode().put("id", id).put("method", method);
        command.set("params", params);
        page.sendText(JSON.writeValueAsString(command), true).get(30, TimeUnit.SECONDS);
        JsonNode m = answer.get(60, TimeUnit.SECONDS);
        if (m.has("error")) {
            throw new IllegalStateException(method + ": " + m.get("error"));
        }
        return m.get("result");
    }

    void navigate(String url) throws Exception {
        call("Page.navigate", JSON.createObjectNode().put("url", url));
    }

    /** The value of a script (a promise is awaited), with {@link #DEEP} defined; a thrown error fails. */
    JsonNode evaluate(String script) throws Exception {
        JsonNode r = call("Runtime.evaluate", JSON.createObjectNode().put("expression", DEEP + script)
                .put("awaitPromise", true).put("returnByValue", true));
        if (r.has("exceptionDetails")) {
            throw new IllegalStateException("script failed: " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    /** Evaluates {@code script} until it is truthy; its value, or a failure saying what was awaited. */
    JsonNode await(String what, String script, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            JsonNode v = evaluate(script);
            if (!v.isMissingNode() && !v.isNull() && !(v.isBoolean() && !v.asBoolean()) && !(v.isTextual() && v.asText().isEmpty())) {
                return v;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for " + what);
            }
            Thread.sleep(200);
        }
    }

    /** The page as it is now, as a PNG. */
    void screenshot(Path png) throws Exception {
        JsonNode r = call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png"));
        Files.write(png, Base64.getDecoder().decode(r.get("data").asText()));
    }

    @Override
    public void close() throws IOException {
        page.abort();
        // Chromium's helpers (renderer, network service) outlive its main process for a moment and still write into
        // the profile: a file vanished under the walk once (CI, beside a CPU hog). Stop them all, then delete.
        List<ProcessHandle> helpers = process.descendants().toList();
        process.destroy();
        helpers.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            for (ProcessHandle h : helpers) {
                h.onExit().get(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            helpers.forEach(ProcessHandle::destroyForcibly);
        }
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (UncheckedIOException e) {
            // a helper's last file went while the walk listed it: what is left is a temp folder, not the test's concern
        }
    }
}
