package io.jwtbench.bench.runtime.plan;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A validated run request: which target, how to load it ({@link LoadModel}), for how long, and what
 * to observe. Derive variants with {@link #withOption}, never by rebuilding one field by field (that
 * is how a compare once lost its {@code breakdown} and {@code jfr} flags).
 *
 * @param options every spec field the engine does not know, for the target
 * @param breakdown per-request phase breakdown and JVM facts from JFR (default true)
 * @param jfr keep the run's raw JFR recording for download (default false)
 * @param profile the CPU profile by component from JFR samples, with the breakdown (default true)
 * @param thresholds what the run's {@code verdict} is judged against; {@link Thresholds#NONE}: no verdict
 * @param autoWarmup {@code "warmup": "auto"}: warm up until the JIT is quiet and throughput stable;
 *        {@code warmup} is then its upper bound
 * @param transport plain or TLS, which protocol, keep-alive ({@link Transport#PLAIN} unless the spec says)
 */
public record RunSpec(String target, LoadModel loadModel, Duration duration, Duration warmup, Duration timeout,
        Map<String, Object> options, boolean breakdown, boolean jfr, boolean profile, Thresholds thresholds,
        boolean autoWarmup, Transport transport) {
    /** The {@code warmup} value that asks for an automatic warm-up. */
    public static final String AUTO = "auto";

    public RunSpec {
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** This spec with one more (or a replaced) target option; everything else as is. */
    public RunSpec withOption(String name, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(options);
        more.put(name, value);
        return new RunSpec(target, loadModel, duration, warmup, timeout, more, breakdown, jfr, profile, thresholds, autoWarmup,
                transport);
    }

    /** This spec over another transport; everything else as is (a compare of transports). */
    public RunSpec withTransport(Transport other) {
        return new RunSpec(target, loadModel, duration, warmup, timeout, options, breakdown, jfr, profile, thresholds, autoWarmup,
                other);
    }

    /** This spec measuring for {@code measured} instead; everything else as is (a series' warm-up step). */
    public RunSpec withDuration(Duration measured) {
        return new RunSpec(target, loadModel, measured, warmup, timeout, options, breakdown, jfr, profile, thresholds, autoWarmup,
                transport);
    }

    /** This spec at another load; everything else as is (a sweep's warm-up at its heaviest step). */
    public RunSpec withLoadModel(LoadModel model) {
        return new RunSpec(target, model, duration, warmup, timeout, options, breakdown, jfr, profile, thresholds, autoWarmup,
                transport);
    }

    /**
     * What a run adds to its warm-up and duration before it has ended, whatever the server does: its
     * requests still in flight at the window's close are awaited up to their {@code timeout} (then
     * counted as timeouts), plus this for the sweep that expires them and the run's own wrap-up (the
     * JFR recording's stop, the report).
     */
    public static final Duration WRAP_UP = Duration.ofSeconds(3);

    /**
     * The longest this run lasts from its start to its final report: the warm-up (an automatic one's
     * cap), the duration, the timeout of the requests still in flight at the end and {@link #WRAP_UP}.
     * Announced in the {@link #echo()} as {@code endsWithin}; a run that did not end by then is a bug.
     */
    public Duration endsWithin() {
        return warmup.plus(duration).plus(timeout).plus(WRAP_UP);
    }

    /** The spec as JSON-able map, as a caller would write it (durations in the compact form). */
    public Map<String, Object> echo() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", target);
        loadModel.echo(m);
        m.put("duration", Durations.format(duration));
        m.put("warmup", autoWarmup ? AUTO : Durations.format(warmup));
        if (autoWarmup) {
            m.put("warmupCap", Durations.format(warmup)); // an automatic warm-up ends when quiet, at the latest then
        }
        m.put("timeout", Durations.format(timeout));
        m.put("endsWithin", Durations.format(endsWithin()));
        m.put("breakdown", breakdown);
        m.put("jfr", jfr);
        m.put("profile", profile);
        if (!thresholds.isEmpty()) {
            m.put(Thresholds.FIELD, thresholds.echo());
        }
        transport.echo(m);
        m.putAll(options);
        return m;
    }
}
