package io.jwtbench.bench.runtime.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

/** The caller's Authorization reaches every pod as is, on every call; without one, none is invented. */
class PodClientTest {
    HttpServer pod;
    final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        pod = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        pod.createContext("/", exchange -> {
            seen.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                    + exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = "{\"id\":\"abc\",\"status\":\"QUEUED\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(202, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        pod.start();
    }

    @AfterEach
    void stop() {
        pod.stop(0);
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + pod.getAddress().getPort());
    }

    @Test
    void forwardsTheCallersAuthorization() throws Exception {
        PodClient client = new PodClient(Fleet.http(Duration.ofSeconds(5)), Duration.ofSeconds(5), "Bearer op.token.x");
        PodClient.Answer a = client.start(uri(), "{\"target\":\"health\"}");
        assertEquals(202, a.status());
        assertEquals("abc", a.body().path("id").asText());
        client.get(uri(), "abc");
        client.cancel(uri(), "abc");
        assertEquals(List.of("POST /q/bench/runs Bearer op.token.x", "GET /q/bench/runs/abc Bearer op.token.x",
                "DELETE /q/bench/runs/abc Bearer op.token.x"), seen);
    }

    @Test
    void noAuthorizationIsSentWhenTheCallerHadNone() throws Exception {
        new PodClient(Fleet.http(Duration.ofSeconds(5)), Duration.ofSeconds(5), null).get(uri(), "abc");
        assertEquals(List.of("GET /q/bench/runs/abc null"), seen);
    }
}
