package io.jwtbench.bench.runtime.codec;

import java.util.Iterator;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.plan.Percentile;
import io.jwtbench.bench.runtime.plan.SpecException;

/**
 * What a regression reads of a report a caller posts, and nothing more: everything else (the flame
 * graph, top stacks, the breakdown, unknown keys) is dropped before the report is read, and what is kept
 * is bounded, each bound a 400 naming the field and the limit. A posted report is held for as long as its
 * run lasts, and a stranger with the bench role (or a leaked fleet token) chooses its shape: the heap it
 * costs and the CPU its verdict costs must not depend on what they put in it.
 */
final class BaselineShape {
    /** Components of a posted profile: a real one has about 20 (the built-in rules name 25, an application adds a few). */
    static final int MAX_COMPONENTS = 256;
    /** Characters of any string kept: ids, names, spec values, reasons. The histogram has its own bounds ({@code HistogramCodec}). */
    static final int MAX_STRING = 1024;
    /** Values in the echoed spec, and in the target's options, nested ones included: a real spec has about 20. */
    static final int MAX_VALUES = 256;
    /** Reasons a posted run was not steady: a real one has at most one per steadiness rule. */
    static final int MAX_REASONS = 32;

    /** A value kept as it is: a string, a number, a boolean or null; an object or array there is refused. */
    private static final Object SCALAR = "scalar";
    /** An object or array kept whole, within {@link #MAX_VALUES} values of {@link #MAX_STRING} characters. */
    private static final Object SMALL_TREE = "small tree";

    private static final Map<String, Object> SECOND = Map.of("second", SCALAR, "requests", SCALAR, "rps", SCALAR,
            Percentile.P50.key(), SCALAR, Percentile.P90.key(), SCALAR, Percentile.P99.key(), SCALAR, "errors", SCALAR);
    private static final Map<String, Object> COMPONENT = Map.of("component", SCALAR, "samples", SCALAR,
            "cpuSeconds", SCALAR, "cpuUsPerRequest", SCALAR);
    /** The kept keys and, for each, its shape: {@link #SCALAR}, {@link #SMALL_TREE}, a map (an object), or an {@link Items} (an array). */
    private static final Map<String, Object> REPORT = Map.ofEntries(Map.entry("id", SCALAR),
            Map.entry(RunReportJson.FORMAT_FIELD, SCALAR), Map.entry("status", SCALAR), Map.entry("target", SCALAR),
            Map.entry("loadModel", SCALAR), Map.entry("startedAt", SCALAR), Map.entry("finishedAt", SCALAR),
            Map.entry("spec", SMALL_TREE), Map.entry("options", SMALL_TREE),
            Map.entry("measured", Map.of("durationSeconds", SCALAR, "requests", SCALAR, "rps", SCALAR)),
            Map.entry("latency", Map.of("histogram", SCALAR)),
            Map.entry("timeSeries", new Items(SECOND, -1)),
            Map.entry("jvm", Map.of("runtime", SCALAR, "processCpu", Map.of("cpuSeconds", SCALAR, "cores", SCALAR))),
            Map.entry("profile", Map.of("source", SCALAR, "processCpuUsPerRequest", SCALAR,
                    "components", new Items(COMPONENT, MAX_COMPONENTS))),
            Map.entry("steady", Map.of("steady", SCALAR, "reasons", new Items(SCALAR, MAX_REASONS))));

    /** An array whose items have {@code shape}; at most {@code max} of them (-1: the caller's limit on seconds). */
    private record Items(Object shape, int max) {
    }

    private BaselineShape() {
    }

    /**
     * The part of {@code report} a regression reads, checked.
     *
     * @param field      the caller's name for it, the prefix of every refused field
     * @param maxSeconds the most per-second samples kept: the longest run this service starts, plus its last partial second
     * @throws SpecException naming the first field over a limit, or of the wrong kind
     */
    static ObjectNode keep(ObjectNode report, String field, int maxSeconds) {
        return object(report, REPORT, field, maxSeconds);
    }

    @SuppressWarnings("unchecked")
    private static JsonNode kept(JsonNode value, Object shape, String path, int maxSeconds) {
        if (value.isNull()) {
            return value;
        }
        if (shape == SCALAR) {
            if (value.isContainerNode()) {
                throw new SpecException(path, "must be a string or a number, not " + (value.isArray() ? "an array" : "an object"));
            }
            return value.isTextual() && !path.endsWith(".latency.histogram") ? text(value, path) : value;
        }
        if (shape == SMALL_TREE) {
            int[] values = { 0 };
            walk(value, path, values);
            return value;
        }
        if (shape instanceof Items items) {
            if (!value.isArray()) {
                throw new SpecException(path, "must be an array");
            }
            int max = items.max() < 0 ? maxSeconds : items.max();
            if (value.size() > max) {
                throw new SpecException(path, "has " + value.size() + " entries; a posted report has at most " + max
                        + (items.max() < 0 ? " (one per second of the longest run, quarkus.bench.max-duration, and one more)"
                                : items.shape() == COMPONENT ? " (a real profile has about 20)" : ""));
            }
            ArrayNode out = JsonNodeFactory.instance.arrayNode(value.size());
            for (int i = 0; i < value.size(); i++) {
                out.add(kept(value.get(i), items.shape(), path + "[" + i + "]", maxSeconds));
            }
            return out;
        }
        if (!value.isObject()) {
            throw new SpecException(path, "must be an object");
        }
        return object((ObjectNode) value, (Map<String, Object>) shape, path, maxSeconds);
    }

    private static ObjectNode object(ObjectNode node, Map<String, Object> shape, String path, int maxSeconds) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        shape.forEach((name, inner) -> {
            JsonNode value = node.get(name);
            if (value != null) {
                out.set(name, kept(value, inner, path + "." + name, maxSeconds));
            }
        });
        return out;
    }

    /** Every value of a small tree: how many, how long, which characters. */
    private static void walk(JsonNode node, String path, int[] values) {
        if (++values[0] > MAX_VALUES) {
            throw new SpecException(path, "has more than " + MAX_VALUES + " values; a posted report's spec and options have about 20");
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String name = checked(e.getKey(), path);
                walk(e.getValue(), path + "." + name, values);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), path + "[" + i + "]", values);
            }
        } else if (node.isTextual()) {
            checked(node.asText(), path);
        }
    }

    private static JsonNode text(JsonNode value, String path) {
        checked(value.asText(), path);
        return value;
    }

    /**
     * A string a rendering may print: at most {@link #MAX_STRING} characters, none of them a control character
     * (a newline or an ANSI escape would rewrite a terminal's or a log's lines).
     */
    private static String checked(String s, String path) {
        if (s.length() > MAX_STRING) {
            throw new SpecException(path, "is " + s.length() + " characters long; a string in a posted report has at most " + MAX_STRING);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c)) {
                throw new SpecException(path, String.format("holds a control character (U+%04X at %d): a posted report's strings are"
                        + " printed in text summaries and logs", (int) c, i));
            }
        }
        return s;
    }
}
