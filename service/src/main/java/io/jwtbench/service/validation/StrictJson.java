package io.jwtbench.service.validation;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON as strict as a JOSE validator needs: RFC 8259 only, duplicate member names refused
 * (RFC 7515 §5.2 allows either refusing or last-wins; last-wins lets two parsers disagree on
 * what a token says), bounded nesting and lengths, nothing after the closing brace.
 */
final class StrictJson {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(16)
                    .maxNumberLength(64)
                    .maxStringLength(64 * 1024)
                    .maxNameLength(256)
                    .build())
            .build();

    private StrictJson() {
    }

    /** A streaming parser positioned before the first token. */
    static JsonParser parser(byte[] json) throws IOException {
        return FACTORY.createParser(json);
    }

    /**
     * The whole object as a map; fails on anything but one JSON object. Built straight from the
     * token stream (databind would set up a deserialization context per call, the larger part of
     * the cost for a 1 KB token). Numbers come out as Integer, Long, BigInteger or Double.
     */
    static Map<String, Object> readObject(byte[] json) throws IOException {
        try (JsonParser p = parser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            Map<String, Object> object = readMembers(p);
            if (p.nextToken() != null) {
                throw new IOException("content after the JSON object");
            }
            return object;
        }
    }

    private static Map<String, Object> readMembers(JsonParser p) throws IOException {
        Map<String, Object> object = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            object.put(name, readValue(p, p.nextToken()));
        }
        return object;
    }

    private static Object readValue(JsonParser p, JsonToken token) throws IOException {
        return switch (token) {
            case START_OBJECT -> readMembers(p);
            case START_ARRAY -> {
                List<Object> array = new ArrayList<>();
                JsonToken item;
                while ((item = p.nextToken()) != JsonToken.END_ARRAY) {
                    array.add(readValue(p, item));
                }
                yield array;
            }
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getNumberValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new IOException("unexpected " + token);
        };
    }

    /**
     * Reads the top-level string member {@code name} of an object without materialising the
     * rest: the small bounded read used to pick an issuer before anything is verified.
     * Returns null if the member is absent; fails if it is not a string.
     */
    static String readTopLevelString(byte[] json, String name) throws IOException {
        try (JsonParser p = parser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals(field)) {
                    if (value != JsonToken.VALUE_STRING) {
                        throw new IOException("member '" + name + "' is not a string");
                    }
                    return p.getText();
                }
                p.skipChildren();
            }
            return null;
        }
    }
}
