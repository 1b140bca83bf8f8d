package io.jwtbench.service.web;

import java.util.concurrent.atomic.LongAdder;

import io.jwtbench.service.config.JwtConfig;
import jakarta.inject.Singleton;

/**
 * The bench's slowdown injector: a request carrying {@value #HEADER}{@code : <µs>} burns that many
 * microseconds of CPU ({@link CpuBurn}) on its route's thread before it is validated, so that a check of
 * two builds ({@code scripts/ab.sh}) can be held against a slowdown of known size. Honoured only when the
 * service was started with {@code jwt.bench.slowdown-injection=true} (off by default; tests and
 * {@code scripts/ab.sh} switch it on) and on a request with the bench issuer's per-process secret, so a
 * stranger can never make the service burn CPU. What was burned is counted, from the threads' own CPU
 * clocks, for the run report's {@code slowdown} section.
 */
@Singleton
public class SlowdownInjector {
    /** The request header the {@code jwt} target's {@code slowdownUs} option sets. */
    public static final String HEADER = "X-Jwt-Bench-Slowdown-Us";
    /** A request may ask for at most this: a slowdown, not a stall. */
    public static final int MAX_MICROS = 100_000;

    private final boolean enabled;
    private final BenchRequestPolicy policy;
    private final LongAdder requests = new LongAdder();
    private final LongAdder burnedNanos = new LongAdder();

    public SlowdownInjector(JwtConfig config, BenchRequestPolicy policy) {
        this.enabled = config.bench().slowdownInjection() && CpuBurn.supported();
        this.policy = policy;
    }

    /** Whether {@code slowdownUs} may be used here, and if not why; null when it may. */
    public String refusal() {
        if (!CpuBurn.supported()) {
            return "this JVM does not measure threads' CPU time, so no known amount of CPU can be burned";
        }
        return enabled ? null
                : "the slowdown injector is off: start the service with jwt.bench.slowdown-injection=true (tests and scripts/ab.sh do; never in production)";
    }

    /** Burns what the request asks for, if it may; does nothing for anyone else. */
    public void onRequest(String presentedSecret, String micros) {
        if (!enabled || micros == null || !policy.fromBench(presentedSecret)) {
            return;
        }
        long us;
        try {
            us = Long.parseLong(micros);
        } catch (NumberFormatException e) {
            return;
        }
        if (us > 0 && us <= MAX_MICROS) {
            burnedNanos.add(CpuBurn.burn(us * 1000));
            requests.increment();
        }
    }

    /** Requests that burned so far. */
    public long requests() {
        return requests.sum();
    }

    /** CPU burned so far, in nanoseconds of the burning threads' clocks. */
    public long burnedNanos() {
        return burnedNanos.sum();
    }
}
