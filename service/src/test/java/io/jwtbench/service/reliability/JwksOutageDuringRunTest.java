package io.jwtbench.service.reliability;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * The JWKS endpoint misbehaves while a jwt run validates tokens of keys already known. The
 * scheduled refresh (every second) and a stream of unknown kids keep fetching from it during the run.
 * Validation of the known keys goes on (every request of the run valid, none slower than the fetch
 * timeout, the bound configured for what a fetch may cost anyone), and each unknown kid is answered
 * within that bound too, never left waiting on the misbehaving endpoint.
 */
@QuarkusTest
@QuarkusTestResource(value = MisbehavingIdp.class, restrictToAnnotatedClass = true)
class JwksOutageDuringRunTest {
    /** A request's own slack on top of the configured bound: the answer's way back on a busy 2-core machine. */
    static final long SLACK_MS = 1000;
    static final int UNKNOWN_KIDS = 12;
    static final int CALLERS = 3;

    @AfterEach
    void normal() {
        MisbehavingIdp.MODE.set(MisbehavingIdp.Mode.NORMAL);
    }

    @ParameterizedTest
    @EnumSource(value = MisbehavingIdp.Mode.class, names = { "SLOW_10S", "HANG", "ERROR_500", "BODY_50MB" })
    void knownKeysGoOnAndNobodyWaitsPastTheFetchTimeout(MisbehavingIdp.Mode mode) throws Exception {
        // the keys are known before the outage
        given().header("Authorization", "Bearer " + token(MisbehavingIdp.RSA)).post("/jwt/validate/event-loop").then()
                .statusCode(200);
        MisbehavingIdp.MODE.set(mode);
        int fetchesBefore = MisbehavingIdp.FETCHES.get();
        // 12 unknown kids spread over the run, from 3 callers at once (a slow or hanging endpoint answers each after
        // the fetch timeout, so one caller would take 12 of them, three times the run): each may trigger a fetch
        ExecutorService side = Executors.newFixedThreadPool(CALLERS);
        List<Future<List<Long>>> callers = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
            int caller = c;
            callers.add(side.submit(() -> {
                List<Long> millis = new ArrayList<>();
                for (int i = 0; i < UNKNOWN_KIDS / CALLERS; i++) {
                    TestKey rotated = TestKey.rsa("unknown-" + mode + "-" + caller + "-" + i);
                    long start = System.nanoTime();
                    Response r = given().header("Authorization", "Bearer " + token(rotated)).post("/jwt/validate/event-loop");
                    millis.add((System.nanoTime() - start) / 1_000_000);
                    assertEquals(401, r.statusCode(), r.asString());
                    Thread.sleep(150);
                }
                return millis;
            }));
        }
        JsonPath run = given().contentType("application/json")
                .body("{\"target\":\"jwt\",\"source\":\"file\",\"cache\":\"bypass\",\"connections\":4,\"duration\":\"3s\","
                        + "\"warmup\":\"0s\",\"profile\":false}")
                .post("/q/bench/runs?wait=true").then().statusCode(200).extract().jsonPath();
        List<Long> unknown = new ArrayList<>();
        for (Future<List<Long>> caller : callers) {
            unknown.addAll(caller.get());
        }
        side.shutdown();
        assertEquals(UNKNOWN_KIDS, unknown.size());

        assertEquals("DONE", run.getString("status"));
        assertTrue(run.getLong("measured.requests") > 0);
        assertEquals(0, run.getLong("errors.total"), mode + ": " + run.getMap("errors"));
        assertEquals(0, run.getLong("expectedRejections"));
        assertTrue(MisbehavingIdp.FETCHES.get() > fetchesBefore, "the endpoint was asked during the run");
        double maxMs = run.getDouble("latency.max");
        System.out.printf("JWKS %s: %d known-key validations, p99 %.3f ms, max %.3f ms; unknown kids answered in %s ms; "
                + "%d fetches%n", mode, run.getLong("measured.requests"), run.getDouble("latency.p99"), maxMs, unknown,
                MisbehavingIdp.FETCHES.get() - fetchesBefore);
        long bound = MisbehavingIdp.TIMEOUT_MS + SLACK_MS;
        assertTrue(maxMs < bound, mode + ": a known-key validation waited " + maxMs + " ms");
        for (long ms : unknown) {
            assertTrue(ms < bound, mode + ": an unknown kid waited " + ms + " ms (" + unknown + ")");
        }
    }

    static String token(TestKey key) {
        return Jws.sign(Jws.header(key), Jws.payload(MisbehavingIdp.ISSUER), key);
    }
}
