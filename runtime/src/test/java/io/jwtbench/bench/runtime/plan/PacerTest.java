package io.jwtbench.bench.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PacerTest {

    @Test
    void evenRateSpacesRequestsExactly() {
        Pacer pacer = new Pacer(1000);
        assertEquals(0, pacer.sendTimeNanos(0));
        assertEquals(1_000_000, pacer.sendTimeNanos(1));
        assertEquals(999_000_000, pacer.sendTimeNanos(999));
        assertEquals(1_000_000_000, pacer.sendTimeNanos(1000));
    }

    @Test
    void unevenRateFloorsWithoutDrift() {
        Pacer pacer = new Pacer(3);
        assertEquals(333_333_333, pacer.sendTimeNanos(1));
        assertEquals(666_666_666, pacer.sendTimeNanos(2));
        assertEquals(1_000_000_000, pacer.sendTimeNanos(3));
        assertEquals(3_000_000_000L, pacer.sendTimeNanos(9)); // no accumulated rounding error
    }

    @Test
    void scheduleIsMonotonicAndHitsTheRateOverLongRuns() {
        Pacer pacer = new Pacer(200_000);
        long tenMinutes = 200_000L * 600;
        assertEquals(600_000_000_000L, pacer.sendTimeNanos(tenMinutes));
        long previous = -1;
        for (long k = tenMinutes - 10_000; k < tenMinutes; k++) {
            long t = pacer.sendTimeNanos(k);
            assertTrue(t > previous);
            previous = t;
        }
    }

    @Test
    void rejectsNonPositiveRate() {
        assertThrows(IllegalArgumentException.class, () -> new Pacer(0));
    }
}
