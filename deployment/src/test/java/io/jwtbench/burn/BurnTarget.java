package io.jwtbench.burn;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.ext.web.Router;

/**
 * A test target that burns a known amount of CPU in a known package: each request spins until its
 * thread's own CPU clock advanced {@link #BURN_NANOS} (in this package, which the profile test's rule
 * names), then digests {@link #DIGESTED} bytes with SHA-256 (the JDK's crypto, a built-in rule).
 */
@ApplicationScoped
public class BurnTarget implements BenchTarget {
    public static final String PATH = "/probe/burn";
    public static final long BURN_NANOS = 300_000;
    static final int DIGESTED = 64 * 1024;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final byte[] data = new byte[DIGESTED];
    /** Where the spin's result goes, so the JIT cannot drop the arithmetic as dead code. */
    static volatile long sink;

    void routes(@Observes Router router) {
        router.get(PATH).handler(rc -> {
            sink = burn();
            rc.response().end(Integer.toString(digest()[0]));
        });
    }

    /** Spins on this thread's CPU clock (not the wall clock: a busy machine must not shorten the burn). */
    static long burn() {
        long start = THREADS.getCurrentThreadCpuTime();
        long x = 0;
        while (THREADS.getCurrentThreadCpuTime() - start < BURN_NANOS) {
            // ~10 µs of arithmetic per clock read: the burn is Java code, not the clock's system call
            for (int i = 0; i < 20_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    private byte[] digest() {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String name() {
        return "burn";
    }

    @Override
    public String description() {
        return "burns " + BURN_NANOS / 1000 + " µs of CPU in io.jwtbench.burn and digests " + DIGESTED + " bytes per request";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        if (!options.isEmpty()) {
            throw new BenchSpecException(options.keySet().iterator().next(), "target burn has no options");
        }
        BenchRequest request = BenchRequest.get(PATH);
        return sequence -> request;
    }
}
