package io.jwtbench.bench.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.api.config.Model;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.core.parser.BenchmarkParser;
import io.hyperfoil.http.config.Http;
import io.hyperfoil.http.config.HttpPluginConfig;
import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.spi.ExportedRequest;

/**
 * The Hyperfoil export read back by Hyperfoil's own parser (hyperfoil-core/-http 0.25.2), and one
 * export run by Hyperfoil in this process against a local HTTP server that records what it got.
 */
class HyperfoilYamlTest {
    private static final ExportedRequest HEALTH = new ExportedRequest("GET", "/q/health/live", Map.of(), null);
    private static final ExportedRequest JWT = new ExportedRequest("POST", "/jwt/validate",
            Map.of("Accept", "application/json"),
            new ExportedRequest.HeaderFromFile("Authorization", "Bearer ", "tokens.txt", "bearer tokens the service accepts"));
    private static final URI ORIGIN = URI.create("http://127.0.0.1:18080");
    private static final List<String> TOKENS = List.of("token-one", "token-two", "token-three");

    @Test
    void aClosedRunIsAnAlwaysPhaseWithOneUserPerConnection() throws Exception {
        Benchmark b = parse(HyperfoilYaml.of("r-1", spec(new LoadModel.Closed(12), "2s", "30s"), HEALTH, ORIGIN));

        Phase warmup = phase(b, HyperfoilYaml.WARMUP_PHASE);
        Phase measured = phase(b, HyperfoilYaml.MEASURED_PHASE);
        assertEquals(12, assertInstanceOf(Model.Always.class, warmup.model).users);
        assertEquals(2_000, warmup.duration);
        assertTrue(warmup.isWarmup);
        assertEquals(12, assertInstanceOf(Model.Always.class, measured.model).users);
        assertEquals(30_000, measured.duration);
        assertFalse(measured.isWarmup);
        assertEquals(List.of(HyperfoilYaml.WARMUP_PHASE), List.copyOf(measured.startAfter));
        Http http = b.plugin(HttpPluginConfig.class).defaultHttp();
        assertEquals("127.0.0.1", http.host());
        assertEquals(18080, http.port());
        assertEquals(12, http.sharedConnections().core());
        assertEquals(5_000, http.requestTimeout());
        assertTrue(b.source().yaml.contains("GET: \"/q/health/live\""), b.source().yaml);
    }

    @Test
    void aConstantRateRunIsAConstantRatePhase() throws Exception {
        Benchmark b = parse(HyperfoilYaml.of("r-2", spec(new LoadModel.ConstantRate(2000, 64), "0s", "10s"), JWT, ORIGIN));

        assertEquals(1, b.phases().size(), "no warm-up phase for a run without warm-up");
        Phase measured = phase(b, HyperfoilYaml.MEASURED_PHASE);
        Model.ConstantRate rate = assertInstanceOf(Model.ConstantRate.class, measured.model);
        assertEquals(2000, rate.usersPerSec);
        assertEquals(2000, rate.maxSessions);
        assertEquals(10_000, measured.duration);
        assertTrue(measured.startAfter.isEmpty());
        assertEquals(64, b.plugin(HttpPluginConfig.class).defaultHttp().sharedConnections().core());
    }

    @Test
    void aRampRunWarmsUpAtItsStartingRateThenIncreases() throws Exception {
        Benchmark b = parse(HyperfoilYaml.of("r-3", spec(new LoadModel.Ramp(50, 450, 16), "1500ms", "20s"), JWT, ORIGIN));

        Phase warmup = phase(b, HyperfoilYaml.WARMUP_PHASE);
        assertEquals(50, assertInstanceOf(Model.ConstantRate.class, warmup.model).usersPerSec);
        assertEquals(1_500, warmup.duration);
        Phase measured = phase(b, HyperfoilYaml.MEASURED_PHASE);
        Model.RampRate ramp = assertInstanceOf(Model.RampRate.class, measured.model);
        assertEquals(50, ramp.initialUsersPerSec);
        assertEquals(450, ramp.targetUsersPerSec);
        assertEquals(20_000, measured.duration);
    }

    @Test
    void noTokenIsWrittenOnlyTheTokenFileIsNamed() {
        String yaml = HyperfoilYaml.of("r-4", spec(new LoadModel.Closed(1), "0s", "1s"), JWT, ORIGIN);

        assertTrue(yaml.contains("file: \"tokens.txt\""), yaml);
        assertTrue(yaml.contains("pattern: \"Bearer ${fromFile}\""), yaml);
        assertTrue(yaml.contains("# Needs tokens.txt beside this file, one a line: bearer tokens the service accepts"), yaml);
        assertFalse(yaml.toLowerCase().contains("secret"), yaml);
    }

    /**
     * Hyperfoil sends what the export says: the method, path and headers, a token of the file on each
     * request, over the connections given, to the origin given.
     */
    @Test
    void hyperfoilRunsTheExportAgainstAServerAndSendsTheRequestAsExported() throws Exception {
        Set<String> seenTokens = ConcurrentHashMap.newKeySet();
        Set<String> wrong = ConcurrentHashMap.newKeySet();
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", exchange -> {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            String line = exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
                    + exchange.getRequestHeaders().getFirst("Accept");
            if (!line.equals("POST /jwt/validate application/json") || auth == null || !auth.startsWith("Bearer ")
                    || !TOKENS.contains(auth.substring(7))) {
                wrong.add(line + " " + auth);
            } else {
                seenTokens.add(auth.substring(7));
            }
            requests.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        try {
            URI origin = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
            Benchmark b = parse(HyperfoilYaml.of("r-5", spec(new LoadModel.Closed(2), "0s", "1500ms"), JWT, origin));
            new LocalSimulationRunner(b).run();
        } finally {
            server.stop(0);
            ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
        }
        assertTrue(wrong.isEmpty(), "requests not as exported: " + wrong);
        // two closed-loop users for 1.5 s against a server that answers at once: far more than 3 requests
        assertTrue(requests.get() >= TOKENS.size() * 10, "requests: " + requests.get());
        assertEquals(Set.copyOf(TOKENS), seenTokens, "tokens are drawn at random from the whole file");
    }

    private static RunSpec spec(LoadModel load, String warmup, String duration) {
        return new RunSpec("t", load, io.jwtbench.bench.runtime.plan.Durations.parse(duration),
                io.jwtbench.bench.runtime.plan.Durations.parse(warmup), Duration.ofSeconds(5), Map.of(), false, false,
                false, Thresholds.NONE, false, Transport.PLAIN);
    }

    @Test
    void aTlsRunWithoutKeepAliveKeepsItsSchemeProtocolAndConnectionStrategy() throws Exception {
        RunSpec tls = spec(new LoadModel.Closed(4), "0s", "10s")
                .withTransport(new Transport(true, Transport.HTTP_1_1, 1, false, Transport.TlsEngine.JDK));
        Benchmark b = parse(HyperfoilYaml.of("r-tls", tls, HEALTH, URI.create("https://127.0.0.1:18443")));
        Http http = b.plugin(HttpPluginConfig.class).defaultHttp();
        assertEquals(io.hyperfoil.http.config.Protocol.HTTPS, http.protocol());
        assertEquals(18443, http.port());
        assertFalse(List.of(http.versions()).contains(io.hyperfoil.http.api.HttpVersion.HTTP_2_0), List.of(http.versions()).toString());
        assertEquals(io.hyperfoil.http.config.ConnectionStrategy.ALWAYS_NEW, http.connectionStrategy());

        Http plain = parse(HyperfoilYaml.of("r-plain", spec(new LoadModel.Closed(4), "0s", "10s"), HEALTH, ORIGIN))
                .plugin(HttpPluginConfig.class).defaultHttp();
        assertEquals(io.hyperfoil.http.config.ConnectionStrategy.SHARED_POOL, plain.connectionStrategy());
    }

    @Test
    void anHttp2RunKeepsItsStreams() throws Exception {
        RunSpec h2 = spec(new LoadModel.Closed(4), "0s", "10s")
                .withTransport(new Transport(true, Transport.H2, 10, true, Transport.TlsEngine.JDK));
        Http http = parse(HyperfoilYaml.of("r-h2", h2, HEALTH, URI.create("https://127.0.0.1:18443")))
                .plugin(HttpPluginConfig.class).defaultHttp();
        assertEquals(List.of(io.hyperfoil.http.api.HttpVersion.HTTP_2_0), List.of(http.versions()));
        assertEquals(10, http.maxHttp2Streams());

        // h2c with prior knowledge: Hyperfoil cannot, the export says so and loads HTTP/1.1
        RunSpec h2c = h2.withTransport(new Transport(false, Transport.H2, 10, true, Transport.TlsEngine.JDK));
        String yaml = HyperfoilYaml.of("r-h2c", h2c, HEALTH, ORIGIN);
        assertTrue(yaml.contains("h2c with prior knowledge"), yaml);
        Http plain = parse(yaml).plugin(HttpPluginConfig.class).defaultHttp();
        assertFalse(List.of(plain.versions()).contains(io.hyperfoil.http.api.HttpVersion.HTTP_2_0));
    }

    private static Phase phase(Benchmark b, String name) {
        return b.phases().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no phase " + name + " in " + b.phases()));
    }

    /** Hyperfoil's parser, with {@code tokens.txt} beside the YAML as a user would have it. */
    private static Benchmark parse(String yaml) throws Exception {
        byte[] tokens = String.join("\n", TOKENS).getBytes(StandardCharsets.UTF_8);
        BenchmarkData data = new BenchmarkData() {
            @Override
            public InputStream readFile(String file) {
                if (!file.equals(JWT.headerFromFile().file())) {
                    throw new MissingFileException(file);
                }
                return new ByteArrayInputStream(tokens);
            }

            @Override
            public Map<String, byte[]> files() {
                return Map.of(JWT.headerFromFile().file(), tokens);
            }
        };
        return BenchmarkParser.instance().buildBenchmark(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)),
                data, Map.of());
    }
}
