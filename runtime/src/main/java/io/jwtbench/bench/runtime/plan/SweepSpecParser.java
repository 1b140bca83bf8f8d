package io.jwtbench.bench.runtime.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;


/**
 * {@code {"target":"health","connections":[10,25,50],"duration":"5s","warmup":"2s", ...}} (closed
 * model) or {@code {"target":"jwt","rates":[1000,2000,4000],"connections":64, ...}} (open model) into
 * a {@link SweepSpec}. Each step is validated exactly like a POSTed run (same parser, same limits);
 * the sweep adds {@code pause}, {@code latencyBound} and {@code boundPercentile}.
 */
public final class SweepSpecParser {
    public static final int MAX_STEPS = 32;
    static final Set<String> SWEEP_FIELDS = Set.of("rates", "pause", "latencyBound", "boundPercentile");
    static final Duration DEFAULT_PAUSE = Duration.ofMillis(500);
    static final Duration MAX_PAUSE = Duration.ofMinutes(1);
    static final double DEFAULT_BOUND_MS = 10;

    private final RunSpecParser runs;
    private final SeriesCap cap;

    /**
     * @param runs how each step is validated, exactly like a POSTed run
     * @param cap how long the whole sweep may take
     */
    public SweepSpecParser(RunSpecParser runs, SeriesCap cap) {
        this.runs = runs;
        this.cap = cap;
    }

    public SweepSpec parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new SpecException("body", "must be a JSON object");
        }
        JsonNode connections = body.get("connections");
        JsonNode rates = body.get("rates");
        boolean open = rates != null && !rates.isNull();
        if (body.has("rampTo")) {
            throw new SpecException("rampTo", "a sweep steps through constant loads; a ramp is a run of its own");
        }
        if (body.has("rate")) {
            throw new SpecException("rate", "a sweep takes \"rates\": [..] (open model) or \"connections\": [..] (closed model)");
        }
        String loadField = open ? "rates" : "connections";
        JsonNode loads = open ? rates : connections;
        if (loads == null || loads.isNull()) {
            throw new SpecException("connections",
                    "required: a list of connection counts, e.g. [10, 25, 50, 100], or \"rates\": [..] for the open model");
        }
        if (!loads.isArray() || loads.isEmpty() || loads.size() > MAX_STEPS) {
            throw new SpecException(loadField, "must be a list of 1 to " + MAX_STEPS + " increasing integers, got " + loads);
        }
        if (open && connections != null && connections.isArray()) {
            throw new SpecException("connections", "with \"rates\", connections is one pool size for every step");
        }

        ObjectNode base = ((ObjectNode) body).deepCopy();
        SWEEP_FIELDS.forEach(base::remove);
        if (!open) {
            base.remove("connections");
        }
        List<RunSpec> steps = new ArrayList<>();
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < loads.size(); i++) {
            JsonNode load = loads.get(i);
            String field = loadField + "[" + i + "]";
            if (!load.isIntegralNumber() || load.asLong() <= previous) {
                throw new SpecException(field, "must be an integer greater than the one before, got " + load);
            }
            previous = load.asLong();
            ObjectNode step = base.deepCopy();
            step.set(open ? "rate" : "connections", load);
            try {
                steps.add(runs.parse(step, true));
            } catch (SpecException e) {
                String f = e.field().equals("rate") || (!open && e.field().equals("connections")) ? field : e.field();
                throw new SpecException(f, e.reason());
            }
        }
        Duration pause = duration(body.get("pause"), "pause", DEFAULT_PAUSE);
        if (pause.compareTo(MAX_PAUSE) > 0) {
            throw new SpecException("pause", "must be at most " + Durations.format(MAX_PAUSE));
        }
        cap.check(loadField, steps.size(), steps.get(0), pause);
        Percentile percentile = Percentile.P99;
        JsonNode p = body.get("boundPercentile");
        if (p != null && !p.isNull()) {
            Percentile[] kept = { Percentile.P50, Percentile.P90, Percentile.P99 }; // what a step keeps (StepPoint)
            percentile = p.isTextual() ? Percentile.ofKey(p.asText()).filter(Set.of(kept)::contains).orElse(null) : null;
            if (percentile == null) {
                throw new SpecException("boundPercentile", "must be " + Percentile.keys(kept) + ", got " + p);
            }
        }
        JsonNode b = body.get("latencyBound");
        double boundMs = DEFAULT_BOUND_MS;
        if (b != null && !b.isNull()) {
            Duration bound = duration(b, "latencyBound", null);
            if (bound.isZero()) {
                throw new SpecException("latencyBound", "must be positive");
            }
            boundMs = bound.toNanos() / 1e6;
        }

        RunSpec first = steps.get(0);
        Map<String, Object> echo = new LinkedHashMap<>();
        echo.put("target", first.target());
        List<Object> loadList = new ArrayList<>();
        loads.forEach(n -> loadList.add(n.asLong()));
        echo.put(loadField, loadList);
        if (open) {
            echo.put("connections", first.loadModel().connections());
        }
        echo.put("duration", Durations.format(first.duration()));
        echo.put("warmup", first.echo().get("warmup"));
        echo.put("timeout", Durations.format(first.timeout()));
        echo.put("pause", Durations.format(pause));
        echo.put("latencyBound", Durations.format(Duration.ofNanos((long) (boundMs * 1e6))));
        echo.put("boundPercentile", percentile.key());
        if (!first.thresholds().isEmpty()) {
            echo.put(Thresholds.FIELD, first.thresholds().echo());
        }
        echo.putAll(first.options());
        return new SweepSpec(first.target(), steps, pause, percentile, boundMs, echo);
    }

    private static Duration duration(JsonNode node, String field, Duration absent) {
        if (node == null || node.isNull()) {
            return absent;
        }
        if (!node.isTextual()) {
            throw new SpecException(field, "must be a string such as \"500ms\" or \"10ms\"");
        }
        try {
            Duration d = Durations.parse(node.asText());
            if (d.isNegative()) {
                throw new SpecException(field, "must not be negative");
            }
            return d;
        } catch (IllegalArgumentException e) {
            throw new SpecException(field, e.getMessage());
        }
    }
}
