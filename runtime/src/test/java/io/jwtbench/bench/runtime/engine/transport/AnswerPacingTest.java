package io.jwtbench.bench.runtime.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.Measurement;

/**
 * The open model at a rate whose requests fall due closer together than its answers could be woken for
 * one by one (OpenLoopDriver's answer pacing): the lanes' loops send between answers, and the pacer thread
 * only parks as a backstop instead of spinning a core. How precise the loops' sends are (their schedule lag) is
 * a measurement of a warm JVM on a quiet machine, not a test: {@code scripts/perf-report.sh}'s goal row
 * "open model corrected − uncorrected p50" at 40,000 req/s (a CPU hog beside this test put the lag's median at
 * 0.5 to 0.7 ms, the loops' time slices).
 */
class AnswerPacingTest {
    /** 2 lanes (the test generator's loops) at 50,000 req/s: each lane's requests are 40 µs apart. */
    private static final int RATE = 50_000;
    private static final long MILLIS = 1000;

    @BeforeAll
    static void startServer() throws Exception {
        TransportTest.startServer();
    }

    @AfterAll
    static void stopServer() throws Exception {
        TransportTest.stopServer();
    }

    /** {@code /stall} answers at once while no stall is set: a 200 with nothing to parse. */
    @Test
    void theLoopsSendBetweenAnswersAndThePacerDoesNotSpin() throws Exception {
        long[] pacerCpu = new long[1];
        measure(pacerCpu); // a warm-up: a cold JVM interprets the loops' code at first and cannot keep this rate
        Measurement.Phase phase = measure(pacerCpu);
        assertEquals(ErrorCounts.NONE, phase.tally.errors());
        assertEquals(RATE * MILLIS / 1000, phase.latency.takeInterval().getTotalCount(), "requests due in the window");
        // A pacer that spun between requests 20 µs apart took a whole core (docs/performance.md); a backstop that
        // parks at least BACKSTOP after each request it looks at wakes at most 5,000 times a second, about 20 µs
        // of CPU each on this project's VMs: 10 % of the window. The bound leaves as much again for a slower one.
        long window = TimeUnit.MILLISECONDS.toNanos(MILLIS);
        assertTrue(pacerCpu[0] < window * 0.4, "pacer CPU " + pacerCpu[0] / 1e6 + " ms in a " + MILLIS + " ms window");
    }

    private static Measurement.Phase measure(long[] pacerCpu) throws Exception {
        return TransportTest.measure(TransportTest.always(BenchRequest.get("/stall")), Endpoint.plain(TransportTest.port()),
                50, RATE, MILLIS, Duration.ofSeconds(5), start -> {
                }, cpu -> pacerCpu[0] = cpu);
    }
}
