package io.jwtbench.bench.runtime.ab;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * A fixed piece of CPU work whose cost says how fast this machine runs now: SHA-256 over 16 MiB (a hash's
 * arithmetic and a stream through the caches, as a request's crypto and parsing are), timed by this thread's CPU
 * clock, the median of {@value #ROUNDS} rounds after {@value #WARMUP} unmeasured ones. CPU time, not wall time: a
 * busy neighbour that only takes turns does not move it, one that slows every instruction (a throttled or
 * shared core, thrashed caches) does, and so it moves the service's CPU per request too.
 * <p>
 * The warm-up is long because the JIT changes the canary's cost twice: the first round runs interpreted (about
 * 5× slower), and C2 replaces the digest's first-tier code after about 5,000 calls, the 21st round, which then
 * costs 10 % less (JDK 25, AMD EPYC). With 5 warm-up rounds the canary taken in a fresh JVM and the one taken
 * after the launches differed by those 10 % on a steady machine; after {@value #WARMUP} both are C2's.
 * <p>
 * The measurement is long (about 4 s of CPU here) because the machine's speed moves from second to second: on an
 * idle 2-core VM, the median of 9 rounds (0.1 s) moved by up to 2.5 % from one call to the next, which the gate's
 * 2 % took for the machine slowing down in half the verdicts; the median of 401 rounds moved by at most 0.7 %.
 */
final class Canary {
    static final int ROUNDS = 401;
    static final int WARMUP = 40;
    private static final byte[] BLOCK = new byte[64 * 1024];
    private static final int BLOCKS = 256;

    private Canary() {
    }

    /** The median CPU milliseconds of one round. */
    static double cpuMillis() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        double[] rounds = new double[ROUNDS];
        for (int r = -WARMUP; r < ROUNDS; r++) {
            long start = threads.getCurrentThreadCpuTime();
            for (int b = 0; b < BLOCKS; b++) {
                sha.update(BLOCK);
            }
            BLOCK[r & 1023] ^= sha.digest()[0]; // each round's input depends on the last: nothing to skip
            if (r >= 0) {
                rounds[r] = (threads.getCurrentThreadCpuTime() - start) / 1e6;
            }
        }
        Arrays.sort(rounds);
        return rounds[ROUNDS / 2];
    }
}
