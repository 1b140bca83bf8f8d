package io.jwtbench.bench.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.stats.Steadiness;

/** The rules on synthetic readings; the real JVM's side is SteadyStateTest in deployment (a cold path, a warm one). */
class SteadyStateTest {
    private static final SteadyRules RULES = new SteadyRules(50, 5, 2, 0.15, 0.5, Duration.ofSeconds(30), 3);
    private static final long MB = 1 << 20;
    private static final double[] FLAT = { 1000, 1010, 990, 1005 };

    private static JvmActivity at(double seconds, long compileMs, long classes, long gcs, long heapMb) {
        return new JvmActivity((long) (seconds * 1e9), compileMs, classes, gcs, heapMb * MB);
    }

    @Test
    void aQuietWindowIsSteady() {
        Steadiness s = SteadyState.judge(at(10, 5000, 9000, 20, 60), at(14, 5100, 9003, 24, 62), FLAT, 3L, 0L,
                RULES);
        assertEquals(true, s.steady(), s.toString());
        assertEquals(3L, s.classesLoaded());
    }

    @Test
    void eachActivityIsAReasonInWords() {
        double[] swinging = { 400, 1000, 1400, 900 };
        Steadiness s = SteadyState.judge(at(10, 5000, 9000, 20, 60), at(14, 6800, 9400, 26, 200), swinging,
                412L, 30L, RULES);
        assertEquals(false, s.steady());
        List<String> r = s.reasons();
        assertEquals("412 JIT compilations, 1800 ms of JIT compile time during measurement (450 ms/s, limit 50)", r.get(0));
        assertEquals("400 classes loaded during measurement (limit 5/s)", r.get(1));
        assertEquals("30 deoptimizations during measurement (limit 2/s)", r.get(2));
        assertTrue(r.get(3).startsWith("per-second throughput varied by 44.5 %"), r.get(3));
        assertEquals("heap after GC grew from 60 MB to 200 MB (+233 %) over 6 collections", r.get(4));
    }

    @Test
    void tooFewSecondsAreNotJudgedForStability() {
        Steadiness s = SteadyState.judge(at(0, 0, 0, 0, 0), at(2, 0, 0, 0, 0), new double[] { 10, 1000 }, null,
                null, RULES);
        assertEquals(true, s.steady());
        assertEquals(null, s.throughputCv());
        assertTrue(String.valueOf(s.note()).contains("not judged"));
    }

    @Test
    void theAutoWarmUpWindowUsesTheSameRules() {
        assertEquals(List.of(), SteadyState.unquiet(at(3, 60, 2, 0, 0), FLAT, RULES));
        assertEquals(List.of("900 ms of JIT compile time in the last 4 s (300 ms/s, limit 50)"),
                SteadyState.unquiet(at(3, 900, 0, 0, 0), FLAT, RULES));
    }
}
