package io.jwtbench.bench.runtime.engine;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A validated run request. The closed model keeps {@code connections} requests in flight (send the
 * next on response, like wrk); the open model sends {@code rate} requests per second on a fixed
 * schedule (like wrk2), {@code connections} being only the pool size.
 *
 * @param rate requests per second; 0 in the closed model
 * @param options every spec field the engine does not know, for the target
 * @param breakdown per-request phase breakdown and JVM facts from JFR (default true)
 * @param jfr keep the run's raw JFR recording for download (default false)
 */
public record RunSpec(String target, Model model, int connections, int rate, Duration duration, Duration warmup,
        Duration timeout, Map<String, Object> options, boolean breakdown, boolean jfr) {

    public enum Model {
        CLOSED,
        OPEN;

        public String label() {
            return name().toLowerCase();
        }
    }

    public RunSpec {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** With the observation defaults: breakdown on, no raw recording kept. */
    public RunSpec(String target, Model model, int connections, int rate, Duration duration, Duration warmup,
            Duration timeout, Map<String, Object> options) {
        this(target, model, connections, rate, duration, warmup, timeout, options, true, false);
    }

    /** The spec as JSON-able map, as a caller would write it (durations in the compact form). */
    public Map<String, Object> echo() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", target);
        m.put("connections", connections);
        if (model == Model.OPEN) {
            m.put("rate", rate);
        }
        m.put("duration", Durations.format(duration));
        m.put("warmup", Durations.format(warmup));
        m.put("timeout", Durations.format(timeout));
        m.put("breakdown", breakdown);
        m.put("jfr", jfr);
        m.putAll(options);
        return m;
    }
}
