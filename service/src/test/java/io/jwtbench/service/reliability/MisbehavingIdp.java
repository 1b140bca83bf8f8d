package io.jwtbench.service.reliability;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * An identity provider on loopback whose JWKS endpoint misbehaves on demand ({@link Mode}): slow (10 s),
 * hanging, failing with 500, or answering a 50 MB body. Its issuer is configured with short fetch bounds
 * and a scheduled refresh every second, so a run of a few seconds meets the misbehaviour several times.
 */
public class MisbehavingIdp implements QuarkusTestResourceLifecycleManager {
    public static final String ISSUER = "https://idp.test/realms/flaky";
    public static final TestKey RSA = TestKey.rsa("flaky-rsa-1");
    /** The fetch timeout configured here: the bound no request may wait beyond. */
    public static final long TIMEOUT_MS = 1000;
    public static final long MIN_REFRESH_MS = 200;

    public enum Mode {
        NORMAL, SLOW_10S, HANG, ERROR_500, BODY_50MB
    }

    public static final AtomicReference<Mode> MODE = new AtomicReference<>(Mode.NORMAL);
    public static final AtomicInteger FETCHES = new AtomicInteger();
    /** Released when the test ends: what still hangs then returns. */
    static volatile CountDownLatch released = new CountDownLatch(1);

    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
            server.setExecutor(Executors.newCachedThreadPool()); // a hanging answer holds its own thread only
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            server.createContext("/certs", this::certs);
            server.start();
            Path tokens = Files.createTempFile("flaky-tokens", ".txt");
            Files.writeString(tokens, Jws.sign(Jws.header(RSA), Jws.payload(ISSUER), RSA) + "\n"
                    + Jws.sign(Jws.header(RSA), Jws.payload(ISSUER).replace("user-42", "user-43"), RSA) + "\n");
            tokens.toFile().deleteOnExit();
            return Map.ofEntries(
                    Map.entry("jwt.issuers.flaky.issuer", ISSUER),
                    Map.entry("jwt.issuers.flaky.jwks.url", base + "/certs"),
                    Map.entry("jwt.issuers.flaky.audience", "orders-api"),
                    Map.entry("jwt.issuers.flaky.algorithms", "RS256"),
                    Map.entry("jwt.jwks.allow-insecure-http", "true"),
                    Map.entry("jwt.jwks.timeout", TIMEOUT_MS + "ms"),
                    Map.entry("jwt.jwks.max-size", "1M"),
                    Map.entry("jwt.jwks.refresh-interval", "1s"),
                    Map.entry("jwt.jwks.min-refresh-interval", MIN_REFRESH_MS + "ms"),
                    Map.entry("jwt.bench.token-file", tokens.toString()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private void certs(HttpExchange exchange) throws IOException {
        FETCHES.incrementAndGet();
        try (exchange) {
            switch (MODE.get()) {
                case NORMAL -> send(exchange, 200, TestKey.jwks(RSA).getBytes(StandardCharsets.UTF_8));
                case SLOW_10S -> {
                    await(10_000);
                    send(exchange, 200, TestKey.jwks(RSA).getBytes(StandardCharsets.UTF_8));
                }
                case HANG -> await(Long.MAX_VALUE);
                case ERROR_500 -> send(exchange, 500, "{\"error\":\"down\"}".getBytes(StandardCharsets.UTF_8));
                case BODY_50MB -> {
                    exchange.getResponseHeaders().set("Content-Type", "application/json");
                    exchange.sendResponseHeaders(200, 0); // chunked: the client learns the size only by reading
                    byte[] chunk = new byte[64 * 1024];
                    Arrays.fill(chunk, (byte) ' ');
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write('{');
                        for (int i = 0; i < 50 * 16; i++) {
                            out.write(chunk);
                        }
                        out.write('}');
                    } catch (IOException clientGaveUp) {
                        // the expected end: the client stops at its size limit
                    }
                }
            }
        }
    }

    private static void await(long millis) {
        try {
            released.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void stop() {
        released.countDown();
        if (server != null) {
            server.stop(0);
        }
    }
}
