package io.jwtbench.service.reliability;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.jwtbench.service.testing.SmallTokenCache;
import io.jwtbench.service.validation.JwtValidator;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

/**
 * Distinct valid tokens at full speed, far more than the token cache holds: the cache never
 * goes beyond its maximum (sampled every 10 ms during the runs; the largest it may be is the maximum plus
 * one entry per validating thread caught between its put and its eviction), and the heap after GC does not
 * grow from one such run to the next (what a cache, a key lookup or the run history keeping every token would do).
 */
@QuarkusTest
@TestProfile(SmallTokenCache.class)
class TokenFloodTest {
    static final int MAX_SIZE = SmallTokenCache.MAX_SIZE;
    static final int TOKENS = 20_000;

    @Inject
    JwtValidator validator;

    @Test
    void theCacheStaysWithinItsMaximumAndTheHeapFlat() throws Exception {
        String spec = "{\"target\":\"jwt\",\"tokens\":" + TOKENS + ",\"invalidRatio\":0.5,\"algorithm\":\"EdDSA\","
                + "\"connections\":8,\"duration\":\"4s\",\"warmup\":\"0s\",\"profile\":false}";
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong largest = new AtomicLong();
        Thread sampler = Thread.ofPlatform().daemon().start(() -> {
            while (running.get()) {
                largest.accumulateAndGet(validator.cache().size(), Math::max);
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        long[] heapAfterGc = new long[3];
        long requests = 0;
        for (int i = 0; i < heapAfterGc.length; i++) {
            JsonPath run = given().contentType("application/json").body(spec).post("/q/bench/runs?wait=true").then()
                    .statusCode(200).extract().jsonPath();
            assertEquals("DONE", run.getString("status"));
            assertEquals(0, run.getLong("errors.total"), run.getMap("errors").toString());
            requests += run.getLong("measured.requests");
            heapAfterGc[i] = heapAfterGc();
        }
        running.set(false);
        sampler.join();
        System.out.printf("Token flood: %d requests over %d distinct valid tokens (and as many invalid) per run, "
                + "cache max %d, largest seen %d; heap after GC %d, %d, %d MB%n", requests, TOKENS / 2, MAX_SIZE,
                largest.get(), heapAfterGc[0] >> 20, heapAfterGc[1] >> 20, heapAfterGc[2] >> 20);
        // eviction runs on the writing thread right after its put: over by at most one entry per other thread mid-put
        int writers = 2 * Runtime.getRuntime().availableProcessors(); // the event loops that validate
        assertTrue(largest.get() > 0 && largest.get() <= MAX_SIZE + writers, "cache size " + largest.get());
        // A finished run keeps its report, not its token pool (it did: +44 MB after GC per run of this spec,
        // the pool held by the run history). 16 MB is well under one pool and well over GC's noise here (1-2 MB).
        long growth = heapAfterGc[2] - heapAfterGc[1];
        assertTrue(growth < 16L << 20, "heap after GC grew " + (growth >> 20) + " MB from run 2 to run 3");
    }

    /** Old-generation (tenured) heap used right after a full collection. */
    static long heapAfterGc() {
        System.gc();
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
                used += pool.getCollectionUsage().getUsed();
            }
        }
        return used;
    }
}
