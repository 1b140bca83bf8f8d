package io.jwtbench.bench.runtime.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.stats.HistogramCodec;

/**
 * The coordinator does not trust what answers as a pod. Real local HTTP servers
 * play hostile peers (a huge body, malformed JSON, an absurd histogram, a run id that walks out of
 * the runs path): each is FAILED with the reason, the honest pod is followed to its end, and the
 * fleet ends PARTIAL with the honest pod's figures.
 */
class HostilePeerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_ANSWER = 64 * 1024;
    private final List<HttpServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
    }

    /** A pod whose POST answers {@code started} and whose GET answers {@code report(runId)} (streamed, no Content-Length). */
    private URI pod(String started, Function<String, byte[]> report) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/q/bench/runs", exchange -> {
            byte[] body = exchange.getRequestMethod().equals("POST") ? started.getBytes(StandardCharsets.UTF_8)
                    : report.apply(exchange.getRequestURI().getPath());
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(exchange.getRequestMethod().equals("POST") ? 202 : 200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            } catch (java.io.IOException ignored) {
                // the coordinator stopped reading: that is the point
            }
        });
        server.start();
        servers.add(server);
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    static String histogram() {
        Histogram h = new Histogram(1, 60_000_000, 3);
        for (int i = 1; i <= 100; i++) {
            h.recordValue(100 * i);
        }
        return HistogramCodec.encode(h);
    }

    /** A small, well-formed encoding whose header asks for 5 digits over 1..2^62: a counts array of gigabytes. */
    static String absurdHistogram() throws Exception {
        ByteBuffer compressed = ByteBuffer.wrap(Base64.getDecoder().decode(histogram()));
        int cookie = compressed.getInt();
        int length = compressed.getInt();
        Inflater inflater = new Inflater();
        inflater.setInput(compressed.array(), 8, length);
        byte[] plain = new byte[1 << 20];
        int n = inflater.inflate(plain);
        inflater.end();
        ByteBuffer header = ByteBuffer.wrap(plain, 0, n);
        header.putInt(12, 5);
        header.putLong(24, 1L << 62);
        Deflater deflater = new Deflater();
        deflater.setInput(plain, 0, n);
        deflater.finish();
        byte[] out = new byte[1 << 20];
        int m = deflater.deflate(out);
        deflater.end();
        ByteBuffer again = ByteBuffer.allocate(8 + m).putInt(cookie).putInt(m).put(out, 0, m);
        return Base64.getEncoder().encodeToString(again.array());
    }

    static byte[] done(String runPath, String histogram) {
        String id = runPath.substring(runPath.lastIndexOf('/') + 1);
        return ("{\"id\":\"" + id + "\",\"status\":\"DONE\",\"target\":\"health\",\"spec\":{},\"options\":{},"
                + "\"measured\":{\"durationSeconds\":1.0,\"requests\":100,\"rps\":100.0,\"bytesRead\":0},"
                + "\"latency\":{\"histogram\":\"" + histogram + "\"},\"errors\":{\"total\":0}}").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void hostilePodsFailAloneAndTheFleetEndsPartial() throws Exception {
        String started = "{\"id\":\"run-1\",\"status\":\"QUEUED\"}";
        String absurd = absurdHistogram();
        URI good = pod(started, path -> done(path, histogram()));
        URI huge = pod(started, path -> {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.writeBytes("{\"status\":\"RUNNING\",\"pad\":\"".getBytes(StandardCharsets.UTF_8));
            b.writeBytes("x".repeat(10 * MAX_ANSWER).getBytes(StandardCharsets.UTF_8));
            return b.toByteArray();
        });
        URI malformed = pod(started, path -> "{\"status\":\"DONE\", not json".getBytes(StandardCharsets.UTF_8));
        URI histogram = pod(started, path -> done(path, absurd));
        URI escaping = pod("{\"id\":\"../../../q/metrics\"}", path -> done(path, histogram()));

        RunSpec spec = new RunSpec("health", new LoadModel.Closed(1), Duration.ofMillis(100), Duration.ZERO,
                Duration.ofMillis(100), Map.of(), false, false, false, Thresholds.NONE, false, io.jwtbench.bench.runtime.plan.Transport.PLAIN);
        ObjectNode body = JSON.createObjectNode().put("target", "health").put("connections", 1).put("duration", "100ms");
        Duration timeout = Duration.ofSeconds(5);
        Fleet f = new Fleet("f1", spec, body, List.of(good, huge, malformed, histogram, escaping), Duration.ZERO,
                Duration.ofSeconds(10), new PodClient(Fleet.http(timeout), timeout, "Bearer t", MAX_ANSWER));
        f.begin();
        FleetReport r = f.finished().get(30, TimeUnit.SECONDS);

        List<PodResult> pods = r.pods();
        assertEquals(PodState.DONE, pods.get(0).state(), pods.get(0).toString());
        for (PodResult p : pods.subList(1, pods.size())) {
            assertEquals(PodState.FAILED, p.state(), p.toString());
            assertTrue(p.error().startsWith("malformed answer"), p.toString());
        }
        assertTrue(pods.get(1).error().contains("larger than " + MAX_ANSWER + " bytes"), pods.get(1).error());
        assertTrue(pods.get(3).error().contains("significant digits"), pods.get(3).error());
        assertTrue(pods.get(4).error().contains("not a bench run id"), pods.get(4).error());
        assertEquals(FleetStatus.PARTIAL, r.status());
        assertNotNull(r.merged());
        assertEquals(100, r.merged().measured().requests());
    }

    @Test
    void theCodecRefusesAbsurdHeadersBeforeAllocating() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HistogramCodec.decode(absurdHistogram()));
        assertTrue(e.getMessage().contains("5 significant digits; at most 3"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode("A".repeat(HistogramCodec.MAX_TEXT + 4)));
        assertEquals(100, HistogramCodec.decode(histogram()).getTotalCount());
    }
}
