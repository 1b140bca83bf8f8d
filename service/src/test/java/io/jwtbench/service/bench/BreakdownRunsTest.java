package io.jwtbench.service.bench;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static io.jwtbench.service.bench.BenchRunsTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The service's phases in real jwt benches: each where it belongs, adding up to the server time. */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
@TestProfile(BreakdownRunsTest.JdkEcdsa.class)
@Tag("timing")
class BreakdownRunsTest {

    /**
     * The JDK's ES256 (about 0.4 ms here, 4 to 5 times BouncyCastle's) keeps the signature phase an
     * order of magnitude above parsing even on a busy machine; which library verifies does not
     * change the phase its time lands in.
     */
    public static class JdkEcdsa implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("jwt.crypto.ecdsa", "jdk");
        }
    }

    static double d(JsonPath r, String phase, String field) {
        return r.getDouble("breakdown.phases.'" + phase + "'." + field);
    }

    static void assertAddsUp(JsonPath r) {
        Map<String, Map<String, Object>> phases = r.getMap("breakdown.phases");
        double named = phases.values().stream().mapToDouble(p -> ((Number) p.get("perRequest")).doubleValue()).sum();
        double server = r.getDouble("breakdown.serverTotal.mean");
        double remainder = r.getDouble("breakdown.frameworkRemainder.mean");
        assertEquals(server, named + remainder, server * 0.03 + 0.001, "phases + remainder = server total: " + phases);
        assertTrue(remainder > 0, "the framework's own time is not zero");
        for (Map.Entry<String, Map<String, Object>> p : phases.entrySet()) {
            assertTrue(((Number) p.getValue().get("mean")).doubleValue() > 0, p.getKey() + " is not zero");
        }
        double client = r.getDouble("breakdown.clientMeanMs");
        assertEquals(r.getDouble("latency.mean"), client, 0.001);
        assertEquals(client - server, r.getDouble("breakdown.outsideServerMeanMs"), 0.001);
        long timed = r.getLong("breakdown.serverTotal.count");
        long requests = r.getLong("measured.requests");
        assertEquals(requests, timed, requests * 0.05 + 4, "the server timed every measured request");
    }

    @Test
    void cacheHitsAreOnlyDispatchCacheAndJson() {
        JsonPath r = run("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"warmup\":\"200ms\",\"tokens\":1,\"breakdown\":true}");
        BenchRunsTest.assertCoherent(r);
        assertEquals("/jwt/validate", r.getString("breakdown.path"));
        assertEquals(Set.of("dispatch", "jwt.cache", "json"), r.getMap("breakdown.phases").keySet(),
                "a cache hit never parses, verifies or checks claims");
        assertAddsUp(r);
    }

    @Test
    void signatureTimeIsInTheSignaturePhase() {
        // bad signatures and expired tokens are never cached: each one is parsed and verified again
        JsonPath r = run("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1500ms\",\"warmup\":\"200ms\","
                + "\"tokens\":20,\"algorithm\":\"ES256\",\"invalidRatio\":0.5,\"breakdown\":true}");
        BenchRunsTest.assertCoherent(r);
        assertTrue(r.getMap("breakdown.phases").keySet().containsAll(
                Set.of("dispatch", "jwt.cache", "jwt.parse", "jwt.signature", "jwt.claims", "json")),
                "phases: " + r.getMap("breakdown.phases").keySet());
        double signature = d(r, "jwt.signature", "p50");
        String p50s = "p50 in ms: " + r.getMap("breakdown.phases").entrySet().stream()
                .map(e -> e.getKey() + " " + ((Map<?, ?>) e.getValue()).get("p50")).toList();
        assertTrue(signature > 10 * d(r, "jwt.parse", "p50"), "ECDSA verification dominates parsing: " + p50s);
        assertTrue(signature > 10 * d(r, "jwt.cache", "p50"), "... and the cache lookup: " + p50s);
        assertTrue(signature > d(r, "json", "p50"), "... and JSON: " + p50s);
        assertTrue(signature >= 0.1, "an ES256 verification takes ~0.3 ms: " + signature);
        long refusals = r.getLong("expectedRejections");
        assertEquals(refusals, r.getLong("breakdown.phases.'jwt.signature'.count"), refusals * 0.1 + 25,
                "one verification per refused token (and one per valid token's first use)");
        assertAddsUp(r);
    }
}
