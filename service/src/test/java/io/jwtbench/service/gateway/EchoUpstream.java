package io.jwtbench.service.gateway;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * The API behind the gateway: records what each request brought (method, path, headers, body length) under its
 * path, and echoes the identity headers it received in its body, one {@code name: value} line each.
 */
final class EchoUpstream implements AutoCloseable {
    /**
     * @param headers lower-case names → every value received
     */
    record Received(String method, String uri, Map<String, List<String>> headers, long bodyBytes) {
        List<String> all(String name) {
            return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
        }
    }

    private final HttpServer server;
    private final Map<String, Received> byPath = new ConcurrentHashMap<>();

    EchoUpstream() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "echo-upstream");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", exchange -> {
            long bytes;
            try (InputStream in = exchange.getRequestBody()) {
                bytes = in.transferTo(OutputStream.nullOutputStream());
            }
            Map<String, List<String>> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
            Received received = new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(), headers, bytes);
            byPath.put(exchange.getRequestURI().getPath(), received);
            StringBuilder echo = new StringBuilder();
            headers.forEach((name, values) -> {
                if (name.startsWith("x-auth-request-") || name.startsWith("remote-")) {
                    values.forEach(v -> echo.append(name).append(": ").append(v).append('\n'));
                }
            });
            byte[] body = echo.toString().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** What the request to {@code path} brought, or null if none reached the upstream. */
    Received received(String path) {
        return byPath.get(path);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
