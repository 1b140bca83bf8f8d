package io.jwtbench.service.bench;

import java.util.Map;

import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.service.web.SlowdownInjector;
import io.vertx.core.MultiMap;

/**
 * The {@code jwt} target's {@code slowdownUs} option: every request burns that many microseconds of CPU in
 * the service before it is validated ({@link SlowdownInjector}), a slowdown of known size for checking a
 * check of two builds ({@code scripts/ab.sh}, docs/regression.md). Refused unless the service was started
 * with {@code jwt.bench.slowdown-injection=true}.
 */
final class SlowdownOption {
    static final String NAME = "slowdownUs";

    private SlowdownOption() {
    }

    /** The microseconds asked for, 0 when absent; refused with the reason where the injector is off. */
    static int parse(Map<String, Object> options, SlowdownInjector injector) {
        Object value = options.get(NAME);
        if (value == null) {
            return 0;
        }
        if (!(value instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.doubleValue() < 0
                || n.doubleValue() > SlowdownInjector.MAX_MICROS) {
            throw new BenchSpecException(NAME, "must be a whole number of microseconds from 0 to " + SlowdownInjector.MAX_MICROS
                    + ", got " + JwtBenchTarget.Options.got(value));
        }
        String refusal = injector.refusal();
        if (n.intValue() > 0 && refusal != null) {
            throw new BenchSpecException(NAME, refusal);
        }
        return n.intValue();
    }

    /** Adds the injector's header to a request's headers when a slowdown is asked for. */
    static MultiMap addTo(MultiMap headers, int micros) {
        return micros == 0 ? headers : headers.add(SlowdownInjector.HEADER, Integer.toString(micros));
    }
}
