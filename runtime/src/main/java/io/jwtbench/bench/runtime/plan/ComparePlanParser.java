package io.jwtbench.bench.runtime.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;


/**
 * {@code {"spec":{run spec}, "models":["a","b",..]}} or {@code {"spec":{..}, "transports":["plain","tls",..]}}
 * into a {@link ComparePlan}. Errors in the spec name their field as {@code spec.<field>}.
 */
public final class ComparePlanParser {
    private final RunSpecParser runs;
    private final SeriesCap cap;

    /** @param cap how long the models' runs, back to back, may take */
    public ComparePlanParser(RunSpecParser runs, SeriesCap cap) {
        this.runs = runs;
        this.cap = cap;
    }

    public ComparePlan parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new SpecException("body", "must be a JSON object {\"spec\":{..},\"models\":[..]}");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!name.equals("spec") && !name.equals("models") && !name.equals("transports") && !name.equals("rounds")) {
                throw new SpecException(name, "unknown field; a compare takes spec, models or transports, and rounds");
            }
        }
        if (body.has("models") && body.has("transports")) {
            throw new SpecException("transports", "a compare varies one thing: give models or transports, not both");
        }
        ComparePlan.Axis axis = body.has("transports") ? ComparePlan.Axis.TRANSPORTS : ComparePlan.Axis.MODELS;
        List<String> models = models(axis, body.get(axis.field));
        if (axis == ComparePlan.Axis.TRANSPORTS) {
            models.forEach(Transport::named);
            for (String field : Transport.FIELDS) {
                if (body.path("spec").has(field)) {
                    throw new SpecException("spec." + field, "set by each entry of transports; remove it from spec");
                }
            }
        }
        JsonNode spec = body.get("spec");
        if (spec == null || !spec.isObject()) {
            throw new SpecException("spec", "required: a run spec object, as for POST /q/bench/runs");
        }
        if (spec.has(ComparePlan.OPTION)) {
            throw new SpecException("spec." + ComparePlan.OPTION, "set by each entry of models; remove it from spec");
        }
        int rounds = rounds(body.get("rounds"));
        RunSpec run;
        try {
            run = runs.parse(spec, true);
        } catch (SpecException e) {
            throw new SpecException("spec." + e.field(), e.reason());
        }
        // every model runs once per round, plus once as a warm-up step unless the warm-up is 0s
        int runsPerModel = rounds + (run.warmup().isZero() ? 0 : 1);
        cap.check("models", models.size() * runsPerModel, run, Duration.ZERO);
        return new ComparePlan(run, models, rounds, axis);
    }

    private static int rounds(JsonNode node) {
        if (node == null || node.isNull()) {
            return ComparePlan.DEFAULT_ROUNDS;
        }
        if (!node.isIntegralNumber() || node.asLong() < 1 || node.asLong() > ComparePlan.MAX_ROUNDS) {
            throw new SpecException("rounds", "must be an integer between 1 and " + ComparePlan.MAX_ROUNDS + ", got " + node);
        }
        return node.asInt();
    }

    private static List<String> models(ComparePlan.Axis axis, JsonNode node) {
        if (node == null || !node.isArray() || node.isEmpty()) {
            throw new SpecException(axis.field, axis == ComparePlan.Axis.MODELS
                    ? "required: a non-empty list of model names, e.g. [\"event-loop\",\"worker\",\"virtual\"]"
                    : "required: a non-empty list of transports among " + Transport.NAMED.keySet());
        }
        if (node.size() > ComparePlan.MAX_MODELS) {
            throw new SpecException(axis.field, "at most " + ComparePlan.MAX_MODELS + " entries");
        }
        List<String> models = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode m : node) {
            if (!m.isTextual() || m.asText().isBlank()) {
                throw new SpecException(axis.field, "every entry is a non-empty string, got " + m);
            }
            if (!seen.add(m.asText())) {
                throw new SpecException(axis.field, "\"" + m.asText() + "\" is listed twice");
            }
            models.add(m.asText());
        }
        return models;
    }
}
