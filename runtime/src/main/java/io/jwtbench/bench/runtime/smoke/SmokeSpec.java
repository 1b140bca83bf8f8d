package io.jwtbench.bench.runtime.smoke;

import java.util.Map;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.SmokeConfig;
import io.jwtbench.bench.runtime.plan.Durations;
import io.jwtbench.bench.runtime.plan.Thresholds;

/** {@code quarkus.bench.smoke.*} as the run spec an operator would POST, so the engine's own validation applies. */
final class SmokeSpec {

    private SmokeSpec() {
    }

    /** The run spec as a caller of the API would POST it, so the engine's own validation applies. */
    static ObjectNode of(SmokeConfig smoke) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("target", smoke.target());
        json.put("connections", smoke.connections());
        smoke.rate().ifPresent(r -> json.put("rate", r));
        json.put("duration", Durations.format(smoke.duration()));
        json.put("warmup", smoke.warmup());
        for (Map.Entry<String, String> option : smoke.options().entrySet()) {
            putOption(json, option.getKey(), option.getValue());
        }
        // the run's own report carries the same verdict as the readiness check: one judge
        ObjectNode thresholds = json.putObject(Thresholds.FIELD);
        SmokeResult.thresholds(smoke).echo().forEach((k, v) -> {
            if (v instanceof Number n) {
                thresholds.put(k, n.doubleValue());
            } else {
                thresholds.put(k, String.valueOf(v));
            }
        });
        return json;
    }

    /** Config values are strings: integers, decimals and booleans become JSON numbers and booleans. */
    static void putOption(ObjectNode json, String name, String value) {
        String v = value.trim();
        if (v.equals("true") || v.equals("false")) {
            json.put(name, Boolean.parseBoolean(v));
            return;
        }
        try {
            json.put(name, Long.parseLong(v));
            return;
        } catch (NumberFormatException notLong) {
            // next
        }
        if (v.matches("[-+]?[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?")) {
            json.put(name, Double.parseDouble(v));
            return;
        }
        json.put(name, value);
    }
}
