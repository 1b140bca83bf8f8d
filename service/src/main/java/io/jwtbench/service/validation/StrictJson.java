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
 * what a token says), bounded nesting and lengths, nothing after the closing brace, and no string or
 * member name holding a lone surrogate, escaped ({@code "\ud800"}) or not (RFC 8259 §8.2, I-JSON
 * RFC 7493 §2.1: such a string is not Unicode; other parsers replace or refuse it, so two readers of
 * one token would disagree).
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
    static JsonParser parser(String json) throws IOException {
        return FACTORY.createParser(json);
    }

    /**
     * A token segment as text, decoded as strict UTF-8 (RFC 7519 §7.2, RFC 8725 §3.7): no byte
     * order mark, no UTF-16/32 (Jackson would otherwise detect them from the bytes), no overlong
     * forms, surrogates or code points above U+10FFFF. ASCII, the common case, is one pass.
     */
    static String utf8(byte[] bytes) throws IOException {
        boolean ascii = true;
        for (byte b : bytes) {
            if (b < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            throw new IOException("a byte order mark is not allowed");
        }
        try {
            return java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IOException("not valid UTF-8");
        }
    }

    /**
     * The whole object as a map; fails on anything but one JSON object. Built straight from the
     * token stream (databind would set up a deserialization context per call, the larger part of
     * the cost for a 1 KB token). Numbers come out as Integer, Long, BigInteger or Double; objects and
     * arrays as unmodifiable maps and lists.
     */
    static Map<String, Object> readObject(String json) throws IOException {
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

    /** The current string value, refused if it holds a lone surrogate. */
    static String text(JsonParser p) throws IOException {
        return checked(p.getText(), "a string");
    }

    /** The current member name, refused if it holds a lone surrogate. */
    static String name(JsonParser p) throws IOException {
        return checked(p.currentName(), "a member name");
    }

    /**
     * Skips the current value (and its children), checking every string and member name in it as
     * {@link #text} and {@link #name} do: what is not used is still not allowed to be ill-formed.
     */
    static void skipChecked(JsonParser p) throws IOException {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_STRING) {
            text(p);
            return;
        }
        if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
            return;
        }
        int depth = 1;
        while (depth > 0) {
            token = p.nextToken();
            if (token == null) {
                throw new IOException("unexpected end of input");
            }
            switch (token) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case FIELD_NAME -> name(p);
                case VALUE_STRING -> text(p);
                default -> {
                }
            }
        }
    }

    /**
     * Refuses a string with an unpaired UTF-16 surrogate: a high one not followed by a low one, or a low
     * one not preceded by a high one. Raw UTF-8 cannot carry one ({@link #utf8} refuses it); a JSON
     * escape can. A valid pair ({@code "\ud83d\ude00"}) passes.
     */
    static String checked(String s, String what) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            throw new IOException(what + " holds a lone surrogate (U+" + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT)
                    + "), which is not Unicode text");
        }
        return s;
    }

    /** Objects and arrays come out unmodifiable: validated claims are cached and shared. */
    private static Map<String, Object> readMembers(JsonParser p) throws IOException {
        Map<String, Object> object = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = name(p);
            object.put(name, readValue(p, p.nextToken()));
        }
        return java.util.Collections.unmodifiableMap(object);
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
                yield java.util.Collections.unmodifiableList(array);
            }
            case VALUE_STRING -> text(p);
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
    static String readTopLevelString(String json, String name) throws IOException {
        try (JsonParser p = parser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = name(p);
                JsonToken value = p.nextToken();
                if (name.equals(field)) {
                    if (value != JsonToken.VALUE_STRING) {
                        throw new IOException("member '" + name + "' is not a string");
                    }
                    return text(p);
                }
                p.skipChildren();
            }
            return null;
        }
    }
}
