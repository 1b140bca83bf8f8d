package io.jwtbench.service.validation;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;

import java.io.IOException;
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

    private static final ObjectReader CLAIMS_READER = new ObjectMapper(FACTORY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .readerFor(new TypeReference<Map<String, Object>>() {
            });

    private StrictJson() {
    }

    /** A streaming parser positioned before the first token. */
    static JsonParser parser(byte[] json) throws IOException {
        return FACTORY.createParser(json);
    }

    /** The whole object as a map; fails on anything but one JSON object. */
    static Map<String, Object> readObject(byte[] json) throws IOException {
        if (json.length == 0 || firstNonWhitespace(json) != '{') {
            throw new IOException("not a JSON object");
        }
        return CLAIMS_READER.readValue(json);
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

    private static int firstNonWhitespace(byte[] json) {
        for (byte b : json) {
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return b;
            }
        }
        return -1;
    }
}
