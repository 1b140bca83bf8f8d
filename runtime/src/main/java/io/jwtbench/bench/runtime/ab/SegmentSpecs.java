package io.jwtbench.bench.runtime.ab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.plan.Durations;

/**
 * The runs a check sends, all derived from the caller's spec: its target and target options as given, at a
 * fixed load (its {@code rate} or {@code connections}, else a rate below what both sustain), in segments of
 * its {@code duration} (default 5 s) after a {@code warmup} of 1 s, with the CPU profile on (the service's CPU is
 * told apart from the generator's and the JIT compilers' by it).
 */
final class SegmentSpecs {
    /** Both runs of a simultaneous pair start this long after they are sent: both are prepared by then. */
    static final Duration START_LEAD = Duration.ofSeconds(1);
    static final String SLOWDOWN = "slowdownUs";
    /** Fields the check sets itself or that have no meaning in a pair. */
    private static final Map<String, String> REFUSED = Map.of(
            "baseline", "the check holds NEW against BASE running beside it, not against a saved report",
            "tolerancePercent", "give TOLERANCE to the check instead",
            "thresholds", "the check judges NEW against BASE, not against limits",
            "startAt", "the check starts the runs itself",
            "rampTo", "the pairs run at one fixed load",
            "profile", "the check always profiles: it tells the service's CPU from the generator's and the JIT's by it");
    private static final Set<String> LOAD_AND_TIME = Set.of("rate", "connections", "duration", "warmup", "profile", "breakdown");

    private final ObjectNode spec;
    private final Duration duration;
    private final Duration warmup;
    private final Duration timeout;
    private SegmentSpecs(ObjectNode spec, Duration duration, Duration warmup, Duration timeout) {
        this.spec = spec;
        this.duration = duration;
        this.warmup = warmup;
        this.timeout = timeout;
    }

    /** The caller's spec, checked for what a paired check cannot take; {@code segment} unless it has a duration. */
    static SegmentSpecs of(ObjectNode spec, Duration segment) {
        if (!spec.path("target").isTextual()) {
            throw new AbException("SPEC needs a \"target\", e.g. {\"target\":\"jwt\"}");
        }
        for (Map.Entry<String, String> refused : REFUSED.entrySet()) {
            if (spec.has(refused.getKey())) {
                throw new AbException("SPEC: \"" + refused.getKey() + "\" has no place here: " + refused.getValue());
            }
        }
        return new SegmentSpecs(spec, duration(spec, "duration", segment), duration(spec, "warmup", Duration.ofSeconds(1)),
                duration(spec, "timeout", Duration.ofSeconds(10)));
    }

    private static Duration duration(ObjectNode spec, String field, Duration otherwise) {
        if (!spec.has(field)) {
            return otherwise;
        }
        try {
            return Durations.parse(spec.path(field).asText());
        } catch (RuntimeException e) {
            throw new AbException("SPEC: \"" + field + "\" is not a duration: " + spec.path(field));
        }
    }

    /** The fixed load of every pair. */
    record Load(Integer connections, Long rate) {
        boolean closed() {
            return connections != null;
        }

        String describe() {
            return closed() ? connections + " connections (closed model)" : rate + " req/s";
        }
    }

    /**
     * The spec's load; without one, {@code share} of what both sustained (2 significant digits) and at least
     * {@code floor}. A rate above {@code max} of what both sustained is refused.
     */
    Load load(double sustained, double share, double max, long floor) {
        if (spec.has("connections") && !spec.has("rate")) {
            return new Load(spec.path("connections").asInt(), null);
        }
        if (spec.has("rate")) {
            long rate = spec.path("rate").asLong();
            if (rate > max * sustained) {
                throw new AbException(String.format(Locale.ROOT, "the rate %d req/s is above what both builds sustain here:"
                        + " the lower of their capacities, measured as the pairs run them, was %.0f req/s, and the pairs need"
                        + " at most %.0f %% of it", rate, sustained, 100 * max));
            }
            return new Load(null, rate);
        }
        double raw = share * sustained;
        double unit = Math.pow(10, Math.max(0, Math.floor(Math.log10(Math.max(raw, 1))) - 1));
        long rate = Math.max(floor, Math.round(Math.floor(raw / unit) * unit));
        if (rate > max * sustained) {
            throw new AbException(String.format(Locale.ROOT, "this machine sustained only %.0f req/s of the lower build, measured"
                    + " as the pairs run them: the pairs need at least %d req/s, where a request's own work outweighs the"
                    + " process's fixed background in its CPU, and at most %.0f %% of what both sustain (give a \"rate\" in"
                    + " SPEC to measure at a lower one anyway)", sustained, floor, 100 * max));
        }
        return new Load(null, rate);
    }

    /** Whether {@link #load} would find a load for this capacity. */
    boolean fits(double sustained, double share, double max, long floor) {
        try {
            load(sustained, share, max, floor);
            return true;
        } catch (AbException e) {
            return false;
        }
    }

    /** A closed-model run: warms the JIT and measures what each build sustains. */
    ObjectNode capacityProbe(String warmup) {
        ObjectNode probe = options();
        probe.put("connections", WarmUp.CONNECTIONS).put("duration", "3s").put("warmup", warmup)
                .put("profile", true).put("breakdown", false); // profiled as the pairs are
        return probe;
    }

    Duration capacityProbeEndsWithin() {
        return Duration.ofMinutes(2);
    }

    /** One segment's spec at {@code load}, with a slowdown injected when {@code slowdownUs} is above 0. */
    ObjectNode segment(Load load, int slowdownUs) {
        ObjectNode segment = options();
        if (load.closed()) {
            segment.put("connections", load.connections());
        } else {
            segment.put("rate", load.rate());
            if (spec.has("connections")) {
                segment.set("connections", spec.get("connections"));
            }
        }
        segment.put("duration", Durations.format(duration)).put("warmup", Durations.format(warmup));
        segment.put("profile", true);
        if (spec.has("breakdown")) {
            segment.set("breakdown", spec.get("breakdown"));
        }
        if (slowdownUs > 0) {
            segment.put(SLOWDOWN, slowdownUs);
        }
        return segment;
    }

    /** The longest a segment's run takes, from its start to its report. */
    Duration endsWithin() {
        return START_LEAD.plus(warmup).plus(duration).plus(timeout).plus(Duration.ofSeconds(3));
    }

    /** The target and its options: every field but load, time and observation. */
    private ObjectNode options() {
        ObjectNode o = spec.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = spec.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!LOAD_AND_TIME.contains(f.getKey())) {
                o.set(f.getKey(), f.getValue());
            }
        }
        return o;
    }

    /** The target must be one the build offers: else it is not a build of this service, or of another version. */
    void checkTarget(BenchClient side) {
        JsonNode listing = side.get("/q/bench/runs", Duration.ofSeconds(10));
        List<String> names = new ArrayList<>();
        listing.path("targets").forEach(t -> names.add(t.path("name").asText()));
        String target = spec.path("target").asText();
        if (!names.contains(target)) {
            throw new AbException(side.label() + " has no bench target \"" + target + "\" (it offers " + names + ")");
        }
    }

    /** Both builds must have read the spec alike: the spec each echoed, the injected slowdown aside. */
    void checkSameSpec(Segment base, Segment current) {
        ObjectNode a = ((ObjectNode) base.spec().deepCopy());
        ObjectNode b = ((ObjectNode) current.spec().deepCopy());
        for (ObjectNode echo : List.of(a, b)) {
            echo.remove(SLOWDOWN);
            echo.remove("startAt");
        }
        if (!a.equals(b)) {
            List<String> differ = new ArrayList<>();
            Set<String> names = new java.util.TreeSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                if (!a.path(n).equals(b.path(n))) {
                    differ.add(n + ": BASE " + (a.has(n) ? a.get(n) : "(absent)") + ", NEW " + (b.has(n) ? b.get(n) : "(absent)"));
                }
            }
            throw new AbException("the two builds read the spec differently: " + String.join("; ", differ));
        }
    }
}
