package io.jwtbench.bench.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

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
    void dueByCountsExactlyTheRequestsWhoseTimeHasCome() {
        Pacer pacer = new Pacer(1000);
        assertEquals(0, pacer.dueBy(-1));
        assertEquals(1, pacer.dueBy(0)); // request 0 leaves at once
        assertEquals(1, pacer.dueBy(999_999));
        assertEquals(2, pacer.dueBy(1_000_000));
        assertEquals(1001, pacer.dueBy(1_000_000_000));
    }

    @Test
    void dueByAndSendTimeAgreeEverywhere() {
        SplittableRandom random = new SplittableRandom(42);
        for (long rate : new long[] { 1, 3, 7, 1000, 20_000, 199_999, 200_000 }) {
            Pacer pacer = new Pacer(rate);
            for (int i = 0; i < 2000; i++) {
                long elapsed = random.nextLong(600_000_000_000L); // up to the 10 minute cap
                long due = pacer.dueBy(elapsed);
                assertTrue(pacer.sendTimeNanos(due - 1) <= elapsed, "rate " + rate + " at " + elapsed);
                assertTrue(pacer.sendTimeNanos(due) > elapsed, "rate " + rate + " at " + elapsed);
            }
        }
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
    void waitIsTimeUntilTheNextSendOrZero() {
        Pacer pacer = new Pacer(100); // one every 10ms
        assertEquals(10_000_000, pacer.waitNanos(0, 1));
        assertEquals(4_000_000, pacer.waitNanos(16_000_000, 2));
        assertEquals(0, pacer.waitNanos(35_000_000, 2)); // late: send now
    }

    @Test
    void rejectsNonPositiveRate() {
        assertThrows(IllegalArgumentException.class, () -> new Pacer(0));
    }
}
