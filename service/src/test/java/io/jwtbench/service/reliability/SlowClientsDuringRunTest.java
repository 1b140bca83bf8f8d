package io.jwtbench.service.reliability;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * 2,000 idle connections plus a slowloris (a few connections sending one header byte per
 * second) against the service while a jwt run measures it: it keeps answering every request. The run's
 * p99 with and without them, from the same JVM, is printed for docs/reliability.md.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class SlowClientsDuringRunTest {
    static final int IDLE = 2000;
    static final int SLOWLORIS = 20;
    static final String SPEC = "{\"target\":\"jwt\",\"connections\":10,\"duration\":\"3s\",\"warmup\":\"1s\",\"profile\":false}";

    @TestHTTPResource("/")
    URI root;

    @Test
    void theServiceKeepsAnsweringUnderIdleAndSlowConnections() throws Exception {
        run(); // warms the JVM up
        run();
        JsonPath before = run();
        JsonPath during;
        List<Socket> idle = new ArrayList<>();
        AtomicBoolean attacking = new AtomicBoolean(true);
        AtomicInteger slowBytes = new AtomicInteger();
        List<Thread> slow = new ArrayList<>();
        try {
            InetSocketAddress server = new InetSocketAddress(root.getHost(), root.getPort());
            for (int i = 0; i < IDLE; i++) {
                Socket s = new Socket();
                s.connect(server, 5000);
                idle.add(s);
            }
            for (int i = 0; i < SLOWLORIS; i++) {
                slow.add(Thread.ofPlatform().daemon().start(() -> slowloris(server, attacking, slowBytes)));
            }
            during = run();
            assertEquals("DONE", during.getString("status"));
            assertEquals(0, during.getLong("errors.total"), during.getMap("errors").toString());
            assertTrue(during.getLong("measured.requests") > 0);
            assertTrue(slowBytes.get() > 0, "the slowloris was sending");
        } finally {
            attacking.set(false);
            for (Thread t : slow) {
                t.join(3000);
            }
            for (Socket s : idle) {
                s.close();
            }
        }
        JsonPath after = run(); // before and after bracket the machine's own drift
        System.out.printf("Slow clients: jwt run, 10 connections, 3 s after 1 s warm-up, warm JVM: before %.0f req/s p99 "
                + "%.3f ms; with %d idle connections and %d slowloris (%d header bytes sent) %.0f req/s p99 %.3f ms; "
                + "after %.0f req/s p99 %.3f ms%n", before.getDouble("measured.rps"), before.getDouble("latency.p99"), IDLE,
                SLOWLORIS, slowBytes.get(), during.getDouble("measured.rps"), during.getDouble("latency.p99"),
                after.getDouble("measured.rps"), after.getDouble("latency.p99"));
    }

    static JsonPath run() {
        return given().contentType("application/json").body(SPEC).post("/q/bench/runs?wait=true").then().statusCode(200)
                .extract().jsonPath();
    }

    /** One header byte a second, never the blank line that ends the head. */
    static void slowloris(InetSocketAddress server, AtomicBoolean attacking, AtomicInteger sent) {
        try (Socket s = new Socket()) {
            s.connect(server, 5000);
            OutputStream out = s.getOutputStream();
            out.write("GET /jwt/validate HTTP/1.1\r\nHost: x\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
            while (attacking.get()) {
                out.write('a');
                out.flush();
                sent.incrementAndGet();
                Thread.sleep(1000);
            }
        } catch (Exception e) {
            // the server closed it: fine, the point is whether the others are answered
        }
    }
}
