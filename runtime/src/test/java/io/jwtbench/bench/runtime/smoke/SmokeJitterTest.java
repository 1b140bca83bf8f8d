package io.jwtbench.bench.runtime.smoke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The wait before a re-run is jittered, so the last one does not tell when the next comes. */
class SmokeJitterTest {

    @Test
    void reRunWaitsVaryWithinTheJitter() {
        Duration interval = Duration.ofMinutes(10);
        Set<Duration> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            Duration d = SmokeBench.jittered(interval, 0.2);
            assertTrue(d.compareTo(Duration.ofMinutes(8)) >= 0 && d.compareTo(Duration.ofMinutes(12)) <= 0, d.toString());
            seen.add(d);
        }
        assertTrue(seen.size() > 100, "jittered waits differ: " + seen.size() + " distinct");
        assertEquals(interval, SmokeBench.jittered(interval, 0));
        Duration clamped = SmokeBench.jittered(interval, 5); // at most 0.9
        assertTrue(clamped.compareTo(Duration.ofMinutes(1)) >= 0, clamped.toString());
    }
}
