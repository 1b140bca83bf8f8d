package io.jwtbench.bench.deployment;

import static org.eclipse.microprofile.openapi.OASFactory.createSchema;

import java.util.List;

import org.eclipse.microprofile.openapi.models.media.Schema;

import io.jwtbench.bench.runtime.plan.Percentile;

/** Schema building blocks shared by the bench's OpenAPI schemas. */
final class OpenApiTypes {
    static final String REF = "#/components/schemas/";

    private OpenApiTypes() {
    }

    /** An object with exactly the properties given. */
    static Schema closed() {
        return object().additionalPropertiesBoolean(false);
    }

    static Schema array(Schema items) {
        return createSchema().addType(Schema.SchemaType.ARRAY).items(items);
    }

    static Schema dateTime() {
        return string().format("date-time");
    }

    static Schema ref(String name) {
        return createSchema().ref(REF + name);
    }

    static Schema object() {
        return createSchema().addType(Schema.SchemaType.OBJECT);
    }

    static Schema string() {
        return createSchema().addType(Schema.SchemaType.STRING);
    }

    static Schema binary() {
        return string().format("binary");
    }

    static Schema duration() {
        return string().description("a duration: 500ms, 30s, 1.5s, 2m, PT30S");
    }

    static Schema integer() {
        return createSchema().addType(Schema.SchemaType.INTEGER);
    }

    static Schema number() {
        return createSchema().addType(Schema.SchemaType.NUMBER);
    }

    /** {@code into} with a number property for each latency figure, under its JSON key (milliseconds). */
    static Schema latencies(Schema into, List<Percentile> which) {
        which.forEach(p -> into.addProperty(p.key(), number()));
        return into;
    }

    static Schema bool() {
        return createSchema().addType(Schema.SchemaType.BOOLEAN);
    }
}
