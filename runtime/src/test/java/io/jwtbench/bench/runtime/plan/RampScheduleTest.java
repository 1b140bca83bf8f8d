package io.jwtbench.bench.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class RampScheduleTest {
    private static final long SECOND = 1_000_000_000L;

    /** How many requests are due in [from, to) seconds after the start. */
    static long dueBetween(Schedule s, double from, double to) {
        long n = 0;
        for (long k = 0; s.sendTimeNanos(k) < to * SECOND; k++) {
            if (s.sendTimeNanos(k) >= from * SECOND) {
                n++;
            }
        }
        return n;
    }

    @Test
    void warmsUpAtTheStartRateThenRisesLinearlyThenHolds() {
        RampSchedule ramp = new RampSchedule(100, 1100, 2 * SECOND, 10 * SECOND);
        assertEquals(100, dueBetween(ramp, 0, 1), 1); // warm-up: the start rate
        assertEquals(100, dueBetween(ramp, 1, 2), 1);
        assertEquals(150, dueBetween(ramp, 2, 3), 1); // mean rate of the ramp's first second: 100 + 100/2
        assertEquals(650, dueBetween(ramp, 7, 8), 1); // mid-ramp
        assertEquals(1050, dueBetween(ramp, 11, 12), 1); // its last second
        assertEquals(1100, dueBetween(ramp, 12, 13), 1); // after: the end rate
    }

    @Test
    void isMonotonic() {
        RampSchedule ramp = new RampSchedule(1, 200_000, 0, 600 * SECOND);
        long previous = -1;
        for (long k = 0; k < 5_000_000; k += 7) {
            long t = ramp.sendTimeNanos(k);
            assertTrue(t >= previous, "request " + k);
            previous = t;
        }
    }

    @Test
    void theRampModelSchedulesOverTheMeasuredPhase() {
        LoadModel model = new LoadModel.Ramp(200, 2000, 64);
        Schedule s = model.schedule(Duration.ofSeconds(1), Duration.ofSeconds(10)).orElseThrow();
        assertEquals(200, dueBetween(s, 0, 1), 1);
        assertEquals(1910, dueBetween(s, 10, 11), 2);
        assertEquals("ramp", model.label());
        assertTrue(new LoadModel.Closed(5).schedule(Duration.ZERO, Duration.ofSeconds(1)).isEmpty());
    }
}
