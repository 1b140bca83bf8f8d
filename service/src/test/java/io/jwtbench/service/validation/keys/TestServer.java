package io.jwtbench.service.validation.keys;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** A real local HTTP server whose per-path responses can be switched while running; counts requests. */
final class TestServer implements AutoCloseable {

    /** What to answer; chosen when a request arrives. */
    sealed interface Response {
    }

    record Json(int status, String body, long delayMillis) implements Response {
    }

    /** Never answers until the server closes. */
    record Hang() implements Response {
    }

    /** Sends headers and the first body byte at once, then never finishes the body. */
    record Stall() implements Response {
    }

    /** Streams {@code bytes} bytes of JSON-ish filler, chunked (no Content-Length) unless {@code announce}. */
    record Huge(long bytes, boolean announce) implements Response {
    }

    static Response json(String body) {
        return new Json(200, body, 0);
    }

    static Response status(int status) {
        return new Json(status, "{\"error\":\"boom\"}", 0);
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<String, Response> responses = new ConcurrentHashMap<>();
    private final Map<String, List<Long>> requests = new ConcurrentHashMap<>();
    private final CountDownLatch closing = new CountDownLatch(1);

    TestServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    void respond(String path, Response r) {
        responses.put(path, r);
    }

    int count(String path) {
        return requests.getOrDefault(path, List.of()).size();
    }

    /** Arrival times (System.nanoTime) of requests to {@code path}. */
    List<Long> arrivals(String path) {
        return List.copyOf(requests.getOrDefault(path, List.of()));
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        requests.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>()).add(System.nanoTime());
        Response r = responses.getOrDefault(path, status(404));
        try (ex) {
            switch (r) {
                case Json j -> {
                    if (j.delayMillis() > 0 && closing.await(j.delayMillis(), TimeUnit.MILLISECONDS)) {
                        return;
                    }
                    byte[] body = j.body().getBytes(StandardCharsets.UTF_8);
                    ex.getResponseHeaders().set("Content-Type", "application/json");
                    ex.sendResponseHeaders(j.status(), body.length);
                    ex.getResponseBody().write(body);
                }
                case Hang h -> closing.await();
                case Stall s -> {
                    ex.sendResponseHeaders(200, 1000);
                    ex.getResponseBody().write('{');
                    ex.getResponseBody().flush();
                    closing.await();
                }
                case Huge h -> {
                    ex.sendResponseHeaders(200, h.announce() ? h.bytes() : 0);
                    byte[] chunk = new byte[8192];
                    java.util.Arrays.fill(chunk, (byte) ' ');
                    OutputStream out = ex.getResponseBody();
                    out.write('{');
                    for (long sent = 1; sent < h.bytes(); sent += chunk.length) {
                        out.write(chunk, 0, (int) Math.min(chunk.length, h.bytes() - sent));
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // client went away (cancelled a refused or oversize body): expected
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
