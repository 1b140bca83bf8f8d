package io.jwtbench.bench.runtime.engine.load;

import static io.jwtbench.bench.runtime.engine.load.OpenLoopDriver.EARLY_NANOS;
import static io.jwtbench.bench.runtime.engine.load.OpenLoopDriver.answerPaced;
import static io.jwtbench.bench.runtime.engine.load.OpenLoopDriver.earlyNanos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.plan.Pacer;
import io.jwtbench.bench.runtime.plan.RampSchedule;

/**
 * Which requests the pacer hands to their lane early (the lane then spins until they are due), and which
 * it leaves to the lane's loop, sent between answers, with the pacer as a backstop only.
 */
class EarlyHandOffTest {

    @Test
    void sparseRequestsOfALaneAreHandedOverEarly() {
        // 500 req/s on one lane: 2 ms apart
        assertEquals(EARLY_NANOS, earlyNanos(new Pacer(500), 7, 1));
        // 4,000 req/s on 8 lanes: each lane's requests are 2 ms apart
        assertEquals(EARLY_NANOS, earlyNanos(new Pacer(4000), 100, 8));
    }

    @Test
    void denseRequestsFindTheLoopAwakeAndGetNoSpin() {
        // 4,000 req/s on one lane: 250 µs apart, a spin of 150 µs each would be 60 % of a core
        assertEquals(0, earlyNanos(new Pacer(4000), 7, 1));
        // the very first request at t=0 cannot be handed over before the start
        assertEquals(0, earlyNanos(new Pacer(500), 0, 1));
    }

    @Test
    void aRampGetsItWhileSparseAndLosesItWhenDense() {
        RampSchedule ramp = new RampSchedule(100, 10_000, 0, Duration.ofSeconds(10).toNanos());
        assertEquals(EARLY_NANOS, earlyNanos(ramp, 5, 1));
        long late = 0;
        while (ramp.sendTimeNanos(late) < Duration.ofSeconds(9).toNanos()) {
            late += 1000;
        }
        assertEquals(0, earlyNanos(ramp, late, 1));
    }

    @Test
    void requestsUnder50MicrosecondsApartOnALaneArePacedByItsAnswers() {
        // 40,000 req/s on one lane: 25 µs apart; on two lanes 50 µs apart, the bound, which the pacer keeps
        assertTrue(answerPaced(new Pacer(40_000), 7, 1));
        assertFalse(answerPaced(new Pacer(40_000), 7, 2));
        assertTrue(answerPaced(new Pacer(100_000), 7, 2));
        // 4,000 req/s: 250 µs apart, each woken for by the pacer
        assertFalse(answerPaced(new Pacer(4000), 7, 1));
    }

    @Test
    void aLanesFirstRequestHasNoAnswerBeforeItAndIsAlwaysHandedOver() {
        assertFalse(answerPaced(new Pacer(100_000), 0, 1));
        assertFalse(answerPaced(new Pacer(100_000), 1, 2));
        assertTrue(answerPaced(new Pacer(100_000), 2, 2));
    }
}
