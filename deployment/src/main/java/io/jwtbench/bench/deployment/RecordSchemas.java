package io.jwtbench.bench.deployment;

import static org.eclipse.microprofile.openapi.OASFactory.createSchema;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * OpenAPI schemas of the report's typed sections, made from the very records the renderers write
 * (their component names are the JSON keys), so the document cannot drift from the JSON. A record
 * becomes a named object schema ({@code Profile}, nested ones {@code Profile.Component}); a primitive
 * component is required (always written), a boxed or object one may be absent; an enum is a string of its
 * labels (its {@code toString()}, which its {@code @JsonValue} returns).
 */
final class RecordSchemas {
    private final Map<String, Schema> named = new LinkedHashMap<>();

    /** Every schema named so far, for the document's components. */
    Map<String, Schema> named() {
        return named;
    }

    /** A reference to {@code record}'s schema, made (with its nested records') on first use. */
    Schema ref(Class<?> record) {
        String name = name(record);
        if (!named.containsKey(name)) {
            named.put(name, null); // a record that refers to itself stops here
            Schema object = createSchema().addType(Schema.SchemaType.OBJECT).additionalPropertiesBoolean(false);
            List<String> required = new ArrayList<>();
            for (RecordComponent c : record.getRecordComponents()) {
                object.addProperty(c.getName(), of(c.getGenericType()));
                if (c.getType().isPrimitive()) {
                    required.add(c.getName());
                }
            }
            if (!required.isEmpty()) {
                object.required(required);
            }
            named.put(name, object);
        }
        return createSchema().ref(OpenApiTypes.REF + name);
    }

    private Schema of(Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            if (List.class.isAssignableFrom(raw)) {
                return createSchema().addType(Schema.SchemaType.ARRAY).items(of(p.getActualTypeArguments()[0]));
            }
            if (Map.class.isAssignableFrom(raw)) {
                return createSchema().addType(Schema.SchemaType.OBJECT).additionalPropertiesSchema(of(p.getActualTypeArguments()[1]));
            }
        }
        Class<?> c = (Class<?>) type;
        if (c == String.class) {
            return createSchema().addType(Schema.SchemaType.STRING);
        }
        if (c == boolean.class || c == Boolean.class) {
            return createSchema().addType(Schema.SchemaType.BOOLEAN);
        }
        if (c == int.class || c == long.class || c == Integer.class || c == Long.class) {
            return createSchema().addType(Schema.SchemaType.INTEGER);
        }
        if (c == double.class || c == Double.class) {
            return createSchema().addType(Schema.SchemaType.NUMBER);
        }
        if (c.isRecord()) {
            return ref(c);
        }
        if (c.isEnum()) { // written as its toString(), the label its JSON carries
            return createSchema().addType(Schema.SchemaType.STRING)
                    .enumeration(Arrays.stream(c.getEnumConstants()).map(e -> (Object) e.toString()).toList());
        }
        throw new IllegalArgumentException("no schema for " + type + ": give the report's records plain JSON types");
    }

    /** {@code Profile}, {@code Profile.Component}: the record's name inside its top-level class. */
    private static String name(Class<?> record) {
        return record.getEnclosingClass() == null ? record.getSimpleName() : name(record.getEnclosingClass()) + "." + record.getSimpleName();
    }
}
