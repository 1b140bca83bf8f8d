package io.jwtbench.bench.runtime.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;


/**
 * Turns a POSTed JSON body into a {@link RunSpec}, or a {@link SpecException} naming the first bad
 * field. Target options are not checked here: the target does that in prepare().
 */
public final class RunSpecParser {
    static final Set<String> ENGINE_FIELDS = engineFields();
    private static Set<String> engineFields() {
        Set<String> fields = new java.util.HashSet<>(Set.of("target", "connections", "rate", "rampTo", "duration", "warmup",
                "timeout", "breakdown", "jfr", "profile", Thresholds.FIELD));
        fields.addAll(Transport.FIELDS);
        return Set.copyOf(fields);
    }

    static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);

    private final SpecLimits limits;
    private final Collection<String> knownTargets;

    public RunSpecParser(SpecLimits limits, Collection<String> knownTargets) {
        this.limits = limits;
        this.knownTargets = knownTargets;
    }

    /** A plain run: no warm-up unless the spec asks for one. */
    public RunSpec parse(JsonNode body) {
        return parse(body, false);
    }

    /**
     * @param autoByDefault without a {@code warmup} field, warm up automatically (compares, sweeps, the
     *        smoke bench) instead of not at all (a plain run)
     */
    public RunSpec parse(JsonNode body, boolean autoByDefault) {
        return parse(body, autoByDefault, Set.of());
    }

    /**
     * @param beside the fields of the request the spec comes in that are not the spec's (a run's {@code startAt},
     *        its {@code baseline}): neither target options nor refused
     */
    public RunSpec parse(JsonNode body, boolean autoByDefault, Set<String> beside) {
        if (body == null || !body.isObject()) {
            throw new SpecException("body", "must be a JSON object");
        }
        if (!beside.contains("baseline") && (body.has("baseline") || body.has("tolerancePercent"))) {
            throw new SpecException(body.has("baseline") ? "baseline" : "tolerancePercent", "only a single run"
                    + " (POST /q/bench/runs) is held against a baseline; POST /q/bench/regression holds two finished runs"
                    + " against each other");
        }
        String target = target(body.get("target"));

        LoadModel loadModel = loadModel(body.get("connections"), body.get("rate"), body.get("rampTo"));
        Duration duration = duration("duration", body.get("duration"), DEFAULT_DURATION, false, limits.maxDuration());
        JsonNode warmupNode = body.get("warmup");
        // a ramp's schedule is fixed at the start (the ramp begins when the warm-up ends): its warm-up cannot end early
        boolean ramp = loadModel instanceof LoadModel.Ramp;
        boolean auto = present(warmupNode) ? RunSpec.AUTO.equals(warmupNode.asText()) && warmupNode.isTextual()
                : autoByDefault && !ramp;
        if (auto && ramp) {
            throw new SpecException("warmup", "a ramp starts rising when its warm-up ends, so it needs a fixed warm-up "
                    + "(a duration such as \"5s\"), not \"auto\"");
        }
        Duration warmup = auto ? limits.autoWarmupMax() : warmup(warmupNode);
        Duration timeout = duration("timeout", body.get("timeout"), limits.defaultTimeout(), false,
                SpecLimits.MAX_TIMEOUT);

        // off unless asked: one JFR event per request costs about a fifth of the throughput on 2 cores
        // (scripts/breakdown-cost.sh), where the CPU profile and the JVM facts cost under 5 %
        boolean breakdown = bool("breakdown", body.get("breakdown"), false);
        boolean jfr = bool("jfr", body.get("jfr"), false);
        boolean profile = bool("profile", body.get("profile"), true);
        Thresholds thresholds = Thresholds.parse(body.get(Thresholds.FIELD));
        Transport transport = Transport.parse(body);

        Map<String, Object> options = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!ENGINE_FIELDS.contains(field.getKey()) && !beside.contains(field.getKey())) {
                options.put(field.getKey(), toJava(field.getValue()));
            }
        }
        return new RunSpec(target, loadModel, duration, warmup, timeout, options, breakdown, jfr, profile, thresholds, auto,
                transport);
    }

    /**
     * The one place that tells the load models apart: {@code rate} selects an open model (a ramp with
     * {@code rampTo}), {@code connections} alone the closed one.
     */
    private LoadModel loadModel(JsonNode connections, JsonNode rate, JsonNode rampTo) {
        if (!present(rate)) {
            if (present(rampTo)) {
                throw new SpecException("rampTo", "a ramp starts at \"rate\": give both");
            }
            if (!present(connections)) {
                throw new SpecException("connections",
                        "required: give connections (closed model) or rate (open model)");
            }
            return new LoadModel.Closed(intBetween("connections", connections, 1, limits.maxConnections()));
        }
        int perSecond = intBetween("rate", rate, 1, limits.maxRate());
        int pool = present(connections)
                ? intBetween("connections", connections, 1, limits.maxConnections())
                : Math.min(limits.defaultOpenConnections(), limits.maxConnections());
        if (!present(rampTo)) {
            return new LoadModel.ConstantRate(perSecond, pool);
        }
        int to = intBetween("rampTo", rampTo, 1, limits.maxRate());
        if (to <= perSecond) {
            throw new SpecException("rampTo", "must be greater than rate (" + perSecond + "), got " + to);
        }
        return new LoadModel.Ramp(perSecond, to, pool);
    }

    private Duration warmup(JsonNode node) {
        try {
            return duration("warmup", node, Duration.ZERO, true, limits.maxDuration());
        } catch (SpecException e) {
            throw new SpecException("warmup", e.reason() + "; or \"" + RunSpec.AUTO + "\"");
        }
    }

    static boolean bool(String field, JsonNode node, boolean absent) {
        if (!present(node)) {
            return absent;
        }
        if (!node.isBoolean()) {
            throw new SpecException(field, "must be true or false, got " + node);
        }
        return node.asBoolean();
    }

    private String target(JsonNode node) {
        if (!present(node)) {
            throw new SpecException("target", "required; known targets: " + String.join(", ", knownTargets));
        }
        if (!node.isTextual() || !knownTargets.contains(node.asText())) {
            throw new SpecException("target",
                    "unknown target " + node + "; known targets: " + String.join(", ", knownTargets));
        }
        return node.asText();
    }

    private static int intBetween(String field, JsonNode node, int min, int max) {
        String range = "must be between " + min + " and " + max;
        if (!node.isIntegralNumber()) {
            throw new SpecException(field, range + " (an integer), got " + node);
        }
        if (!node.canConvertToLong() || node.asLong() < min || node.asLong() > max) {
            throw new SpecException(field, range + ", got " + node);
        }
        return node.asInt();
    }

    private static Duration duration(String field, JsonNode node, Duration absent, boolean zeroAllowed, Duration max) {
        if (!present(node)) {
            return absent;
        }
        if (!node.isTextual()) {
            throw new SpecException(field, "must be a string such as \"30s\", \"500ms\", \"2m\" or \"PT30S\"");
        }
        Duration d;
        try {
            d = Durations.parse(node.asText());
        } catch (IllegalArgumentException e) {
            throw new SpecException(field, e.getMessage());
        }
        if (d.isNegative() || (!zeroAllowed && d.isZero())) {
            throw new SpecException(field, zeroAllowed ? "must not be negative" : "must be positive");
        }
        if (d.compareTo(max) > 0) {
            throw new SpecException(field, "must be at most " + Durations.format(max));
        }
        return d;
    }

    static boolean present(JsonNode node) {
        return node != null && !node.isNull();
    }

    /** JSON value to plain Java (String, Long, Double, Boolean, List, Map, null) for target options. */
    static Object toJava(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.isTextual()) {
            return n.asText();
        }
        if (n.isBoolean()) {
            return n.asBoolean();
        }
        if (n.isIntegralNumber()) {
            return n.canConvertToLong() ? (Object) n.asLong() : n.bigIntegerValue();
        }
        if (n.isNumber()) {
            return n.asDouble();
        }
        if (n.isArray()) {
            List<Object> list = new ArrayList<>();
            n.forEach(e -> list.add(toJava(e)));
            return list;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        n.fields().forEachRemaining(e -> map.put(e.getKey(), toJava(e.getValue())));
        return map;
    }
}
