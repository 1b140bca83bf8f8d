package io.jwtbench.bench.runtime.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Measurement;
import io.vertx.core.Vertx;
import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;

/**
 * The generator's HTTP/2 against Vert.x' own HTTP/2 server (h2c, prior knowledge), which counts what it
 * sees: every stream of a connection carries requests at once, answers are filed with their bytes, and a
 * stream whose answer never comes is given up after the timeout by resetting that stream alone, the
 * connection and its other streams going on.
 */
class H2SessionTest {
    static Vertx vertx;
    static HttpServer server;
    /** Connections, HTTP/2 requests and streams reset by the client, as the server saw them. */
    static final Set<Object> connections = ConcurrentHashMap.newKeySet();
    static final AtomicLong h2Requests = new AtomicLong();
    static final AtomicLong resets = new AtomicLong();

    @BeforeAll
    static void startServer() throws Exception {
        vertx = Vertx.vertx();
        server = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(true)).requestHandler(req -> {
            connections.add(req.connection());
            if (req.version() == HttpVersion.HTTP_2) {
                h2Requests.incrementAndGet();
            }
            if (req.path().equals("/never")) {
                // a stream reset by the client, not the connection's close at the end
                req.response().exceptionHandler(e -> {
                    if (e instanceof io.vertx.core.http.StreamResetException reset && reset.getCode() == 8) { // CANCEL
                        resets.incrementAndGet();
                    }
                });
                return; // no answer: the client must give the stream up
            }
            req.response().end("hello");
        }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stopServer() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    static Measurement.Phase run(String path, int connectionCount, int streams, long millis, Duration timeout) throws Exception {
        Transport h2c = new Transport(false, Transport.H2, streams, true, Transport.TlsEngine.JDK);
        return TransportTest.measure(RequestSource.always(BenchRequest.get(path), Map.of()),
                new Endpoint(server.actualPort(), h2c, java.util.List.of()), connectionCount, 0, millis, timeout, s -> {
                });
    }

    @Test
    void streamsShareTheirConnectionAndAnswersAreFiled() throws Exception {
        connections.clear();
        long before = h2Requests.get();
        Measurement.Phase phase = run("/ok", 2, 8, 800, Duration.ofSeconds(5));
        assertEquals(0, phase.tally.errors().total(), phase.tally.errors().toString());
        assertTrue(phase.tally.responses() > 100, "responses " + phase.tally.responses());
        assertEquals(5 * phase.tally.responses(), phase.tally.bytesRead(), "the body of each answer, \"hello\"");
        // the server's own counts: every request came over HTTP/2, on the 2 connections only
        assertTrue(h2Requests.get() - before >= phase.tally.responses(), "HTTP/2 requests the server saw");
        assertEquals(2, connections.size(), "16 requests at a time on 2 connections");
        assertEquals(2, phase.tally.connectionsOpened());
    }

    @Test
    void aStreamThatIsNeverAnsweredIsResetAndTheConnectionKept() throws Exception {
        connections.clear();
        long resetsBefore = resets.get();
        Measurement.Phase phase = run("/never", 1, 4, 1_000, Duration.ofMillis(300));
        // 4 streams, each given up after 300 ms and sent again: about 3 rounds of 4 in the second
        long timeouts = phase.tally.errors().timeout();
        assertTrue(timeouts >= 4, "timeouts " + timeouts);
        assertEquals(0, phase.tally.responses());
        assertEquals(0, phase.tally.errors().reset(), "no connection was lost: " + phase.tally.errors());
        assertEquals(1, connections.size(), "one connection for the whole run: only the streams were reset");
        assertEquals(1, phase.tally.connectionsOpened());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (resets.get() - resetsBefore < timeouts && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(resets.get() - resetsBefore >= timeouts, "the server saw its streams reset: " + (resets.get() - resetsBefore)
                + " of " + timeouts);
    }

    /**
     * A server whose SETTINGS allow 2 concurrent streams per connection, loaded with 8: the connection carries 2
     * requests at a time (as the server counts them, each answered 20 ms later), the other streams wait, and no
     * stream is refused, reset or timed out; none are sent before the server's SETTINGS say how many it takes.
     */
    @Test
    void aConnectionCarriesNoMoreStreamsThanTheServersSettingsAllow() throws Exception {
        AtomicLong inFlight = new AtomicLong();
        AtomicLong most = new AtomicLong();
        HttpServer limited = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(true)
                .setInitialSettings(new Http2Settings().setMaxConcurrentStreams(2))).requestHandler(req -> {
                    most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    vertx.setTimer(20, t -> {
                        inFlight.decrementAndGet();
                        req.response().end("hello");
                    });
                }).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        try {
            Transport h2c = new Transport(false, Transport.H2, 8, true, Transport.TlsEngine.JDK);
            Measurement.Phase phase = TransportTest.measure(RequestSource.always(BenchRequest.get("/ok"), Map.of()),
                    new Endpoint(limited.actualPort(), h2c, java.util.List.of()), 1, 0, 1_000, Duration.ofSeconds(2), s -> {
                    });
            assertEquals(0, phase.tally.errors().total(), phase.tally.errors().toString());
            assertEquals(2, most.get(), "requests the server had at once on the one connection");
            // 2 at a time, 20 ms each: about 100 in the second (fewer on a busy machine), never the 8 streams' 400
            assertTrue(phase.tally.responses() > 10 && phase.tally.responses() <= 110, "responses " + phase.tally.responses());
        } finally {
            limited.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
