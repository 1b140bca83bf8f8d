package io.jwtbench.service.web;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Rendered JSON held against the OpenAPI document's schemas, both ways: {@link #walk} records each key it meets
 * under its schema path ({@code RunReport.latency.p99}) and a problem for a key or a type the schema does not
 * describe; {@link #unseen} lists the properties a schema declares that no walked JSON wrote.
 *
 * @param schemas    the document's {@code components.schemas}
 * @param rare       property paths no report here writes, each with the reason and the test that writes it
 * @param openKeys   keys of an open object ({@code RunReport}: the application's own sections) that are no problem
 */
record SchemaWalk(JsonNode schemas, Map<String, String> rare, Set<String> openKeys, Set<String> seen, List<String> problems) {

    SchemaWalk(JsonNode schemas, Map<String, String> rare, Set<String> openKeys) {
        this(schemas, rare, openKeys, new TreeSet<>(), new ArrayList<>());
    }

    void walk(JsonNode node, String schemaName) {
        walk(node, ref(schemaName), schemaName);
    }

    /** What {@code root} declares (through its references, except those in {@code coveredElsewhere}) that no walk saw. */
    Set<String> unseen(String root, Set<String> coveredElsewhere) {
        Set<String> declared = new TreeSet<>();
        Set<String> visited = new TreeSet<>(coveredElsewhere);
        visited.add(root);
        properties(ref(root), root, declared, visited);
        declared.removeAll(seen);
        declared.removeAll(rare.keySet());
        return declared;
    }

    /** {@code node} against {@code schema}; {@code name}: the schema's name (its $ref) or the property path. */
    private void walk(JsonNode node, JsonNode schema, String name) {
        if (schema.has("$ref")) {
            name = refName(schema);
            schema = ref(name);
        }
        if (node.isNull()) {
            return; // an absent figure: written as null or left out, the same to a reader
        }
        switch (type(schema)) {
            case "object" -> {
                if (!node.isObject()) {
                    problems.add(name + ": not an object: " + node);
                    return;
                }
                JsonNode properties = schema.path("properties");
                JsonNode additional = schema.get("additionalProperties");
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> f = it.next();
                    if (properties.has(f.getKey())) {
                        seen.add(name + "." + f.getKey());
                        walk(f.getValue(), properties.get(f.getKey()), name + "." + f.getKey());
                    } else if (additional != null && additional.isObject()) {
                        walk(f.getValue(), additional, name + ".*");
                    } else if (additional != null && !additional.asBoolean()
                            || name.equals("RunReport") && !openKeys.contains(f.getKey())) {
                        problems.add(name + "." + f.getKey() + ": not in the schema");
                    }
                }
            }
            case "array" -> {
                if (!node.isArray()) {
                    problems.add(name + ": not an array: " + node);
                    return;
                }
                for (JsonNode item : node) {
                    walk(item, schema.get("items"), name);
                }
            }
            case "string" -> check(node.isTextual(), name, node);
            case "integer" -> check(node.isIntegralNumber(), name, node);
            case "number" -> check(node.isNumber(), name, node);
            case "boolean" -> check(node.isBoolean(), name, node);
            default -> {
            } // no type: anything (options, the spec's free-form parts)
        }
    }

    /** Every property path the schema declares, through its references (each named schema once). */
    private void properties(JsonNode schema, String name, Set<String> out, Set<String> visited) {
        if (schema.has("$ref")) {
            name = refName(schema);
            if (!visited.add(name)) {
                return;
            }
            schema = ref(name);
        }
        if (schema.has("items")) {
            properties(schema.get("items"), name, out, visited);
        }
        JsonNode additional = schema.get("additionalProperties");
        if (additional != null && additional.isObject()) {
            properties(additional, name + ".*", out, visited);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> p = it.next();
            out.add(name + "." + p.getKey());
            if (!rare.containsKey(name + "." + p.getKey())) { // what only a rare property holds is rare too
                properties(p.getValue(), name + "." + p.getKey(), out, visited);
            }
        }
    }

    private void check(boolean ok, String name, JsonNode node) {
        if (!ok) {
            problems.add(name + ": " + node + " is not of the schema's type");
        }
    }

    private static String type(JsonNode schema) {
        JsonNode t = schema.get("type");
        if (t == null) {
            return "";
        }
        if (t.isArray()) { // OpenAPI 3.1: ["number", "null"]
            for (JsonNode one : t) {
                if (!"null".equals(one.asText())) {
                    return one.asText();
                }
            }
        }
        return t.asText();
    }

    private static String refName(JsonNode schema) {
        return schema.get("$ref").asText().substring("#/components/schemas/".length());
    }

    private JsonNode ref(String name) {
        JsonNode s = schemas.get(name);
        assertTrue(s != null, "no schema " + name);
        return s;
    }
}
