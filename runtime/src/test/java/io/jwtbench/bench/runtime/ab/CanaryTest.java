package io.jwtbench.bench.runtime.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The canary costs the same in a fresh JVM as in a warm one: {@code ab.sh SAVE} takes it when its JVM has just
 * started and again after the launches, and a difference of its own making reads as the machine's speed moving.
 */
class CanaryTest {

    /** Prints the canary twice in a row, from a JVM that has done nothing else. */
    public static void main(String[] args) {
        for (int i = 0; i < 2; i++) {
            System.out.println(Canary.cpuMillis());
        }
    }

    @Test
    void aFreshJvmsFirstCanaryCostsWhatItsLaterOnesCost() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), CanaryTest.class.getName()).redirectErrorStream(true).start();
        List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
        assertEquals(0, p.waitFor(), String.join("\n", lines));
        double[] ms = lines.stream().mapToDouble(Double::parseDouble).toArray();
        // the JIT made the first 10 % dearer than the next; a steady machine, busy or not, moves it far less (0.7 % idle)
        assertTrue(Math.abs(ms[0] / ms[1] - 1) * 100 < 5, "canary in a fresh JVM, then once more (ms): " + Arrays.toString(ms));
    }
}
