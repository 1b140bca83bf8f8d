package io.jwtbench.service.bench;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.SmallTokenCache;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a jwt run says about the token cache is what /q/metrics counted; a pool larger than the cache
 * is not "every request a miss" (W-TinyLFU); {@code "cache":"bypass"} measures uncached validation
 * and only the bench can ask for it.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
@TestProfile(SmallTokenCache.class)
class CacheTruthTest {
    static final int CACHE_SIZE = SmallTokenCache.MAX_SIZE;

    /** The meters register with the first validation: make sure there was one. */
    @BeforeEach
    void oneValidation() {
        given().auth().oauth2(callerToken()).post("/jwt/validate").then().statusCode(200);
    }

    static String callerToken() {
        return Jws.sign(Jws.header(LocalIdp.RSA), Jws.payload(LocalIdp.ISSUER), LocalIdp.RSA);
    }

    static long counter(String result) {
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("jwt_cache_requests_total\\{[^}]*result=\"" + result + "\"[^}]*\\}\\s+(\\S+)")
                .matcher(metrics);
        assertTrue(m.find(), "jwt_cache_requests_total{result=" + result + "} in /q/metrics");
        return (long) Double.parseDouble(m.group(1));
    }

    @Test
    void aPoolAboveTheCacheSizeReportsWhatTheMetricsCounted() {
        int pool = CACHE_SIZE + CACHE_SIZE / 2;
        long hitsBefore;
        long missesBefore;
        JsonPath r;
        int seconds = 2;
        // The pool is walked in order, so a token comes back only after the whole pool went by once: a run on a
        // busy machine that served fewer requests than that could not hit yet. Such a run goes again, longer.
        do {
            hitsBefore = counter("hit");
            missesBefore = counter("miss");
            r = BenchRunsTest.run("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"" + seconds + "s\",\"warmup\":\"0s\","
                    + "\"tokens\":" + pool + ",\"algorithm\":\"ES256\",\"breakdown\":false}");
            seconds *= 2;
        } while (r.getLong("measured.requests") < 2L * pool && seconds <= 16);
        long hits = counter("hit") - hitsBefore;
        long misses = counter("miss") - missesBefore;
        BenchRunsTest.assertCoherent(r);
        long reportedHits = r.getLong("jwtCache.hits");
        long reportedMisses = r.getLong("jwtCache.misses");
        // The deltas span the whole run, the section only its measured window; without a warm-up the
        // difference is the few requests answered while the window opened (extensions starting).
        long total = hits + misses;
        long outside = total - (reportedHits + reportedMisses);
        assertTrue(hits >= reportedHits && misses >= reportedMisses && outside <= Math.max(4, total / 10),
                "metrics " + hits + "/" + misses + ", reported " + reportedHits + "/" + reportedMisses);
        assertEquals((double) hits / total, r.getDouble("jwtCache.hitRatio"), (double) outside / total + 0.001);
        assertEquals(r.getLong("measured.requests"), reportedHits + reportedMisses, Math.max(2, outside),
                "one lookup per request of the window");
        assertEquals(CACHE_SIZE, r.getInt("jwtCache.maxSize"));
        assertTrue(reportedHits > 0, "a pool half again the cache's size still hits: W-TinyLFU keeps most of it ("
                + r.getLong("measured.requests") + " requests over a pool of " + pool + ", " + reportedMisses + " misses)");
    }

    @Test
    void bypassMeasuresUncachedValidation() {
        long hitsBefore = counter("hit");
        long missesBefore = counter("miss");
        JsonPath r = BenchRunsTest.run("{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"warmup\":\"0s\","
                + "\"tokens\":1,\"algorithm\":\"ES256\",\"cache\":\"bypass\",\"breakdown\":false}");
        assertEquals("DONE", r.getString("status"));
        assertEquals(0, r.getLong("errors.total"));
        assertTrue(r.getLong("measured.requests") > 0);
        assertEquals("bypass", r.getString("options.cache"));
        // one token, every request validated in full: no lookup at all, so no hit and no miss
        assertEquals(0, r.getLong("jwtCache.hits") + r.getLong("jwtCache.misses"));
        assertEquals(hitsBefore, counter("hit"));
        assertEquals(missesBefore, counter("miss"));
    }

    @Test
    void callersCannotBypassTheCache() {
        String token = callerToken();
        for (String secret : new String[] { null, "guessed" }) {
            long lookupsBefore = counter("hit") + counter("miss");
            for (int i = 0; i < 2; i++) {
                var request = given().auth().oauth2(token).header("X-Jwt-Bench-Cache", "bypass");
                if (secret != null) {
                    request = request.header("X-Jwt-Bench-Secret", secret);
                }
                request.post("/jwt/validate").then().statusCode(200);
            }
            // a bypass does no lookup at all; whether a lookup hits depends on the cache's admission
            // policy (W-TinyLFU may refuse a new token into a small cache full of hot ones), so count lookups
            assertEquals(lookupsBefore + 2, counter("hit") + counter("miss"),
                    "both requests went through the cache (secret " + secret + ")");
        }
    }

    @Test
    void unknownCacheOptionIsA400() {
        given().contentType("application/json").body("{\"target\":\"jwt\",\"connections\":1,\"duration\":\"1s\",\"cache\":\"off\"}")
                .post("/q/bench/runs").then().statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("cache"));
    }
}
