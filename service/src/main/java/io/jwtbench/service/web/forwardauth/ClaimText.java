package io.jwtbench.service.web.forwardauth;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A claim as the text of a header value: visible ASCII only. A string's UTF-8 bytes outside {@code %x21-7E},
 * and {@code %} and {@code ,}, become {@code %XX} (so CR, LF, spaces and non-ASCII never pass through, and a
 * raw comma only separates an array's elements); numbers and booleans as JSON writes them; an array as its
 * elements joined by commas; an object, or an array inside an array, as compact JSON, encoded the same way.
 */
final class ClaimText {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private ClaimText() {
    }

    /** The header text of a claim, or null when it is absent, null or empty. */
    static String of(Object claim) {
        if (claim == null) {
            return null;
        }
        if (claim instanceof List<?> list) {
            StringBuilder out = new StringBuilder();
            for (Object element : list) {
                String text = element instanceof List<?> || element instanceof Map<?, ?> ? encode(json(element)) : of(element);
                if (text != null) {
                    out.append(out.isEmpty() ? "" : ",").append(text);
                }
            }
            return out.isEmpty() ? null : out.toString();
        }
        String text = claim instanceof Map<?, ?> ? json(claim) : claim.toString();
        return text.isEmpty() ? null : encode(text);
    }

    /** {@code s} itself when every character may stay, else its UTF-8 bytes with the others percent-encoded. */
    static String encode(String s) {
        int i = 0;
        while (i < s.length() && stays(s.charAt(i))) {
            i++;
        }
        if (i == s.length()) {
            return s;
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(bytes.length + 16);
        for (byte b : bytes) {
            char c = (char) (b & 0xff);
            if (stays(c)) {
                out.append(c);
            } else {
                out.append(percent(b));
            }
        }
        return out.toString();
    }

    static String percent(byte b) {
        return new String(new char[] { '%', HEX[(b >> 4) & 0xf], HEX[b & 0xf] });
    }

    private static boolean stays(char c) {
        return c >= 0x21 && c <= 0x7e && c != '%' && c != ',';
    }

    /** Compact JSON of what {@code StrictJson} parses: maps, lists, strings, numbers, booleans, null. */
    static String json(Object value) {
        StringBuilder out = new StringBuilder();
        writeJson(value, out);
        return out.toString();
    }

    private static void writeJson(Object value, StringBuilder out) {
        if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.append(first ? "" : ",");
                first = false;
                writeString(String.valueOf(e.getKey()), out);
                out.append(':');
                writeJson(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i == 0 ? "" : ",");
                writeJson(list.get(i), out);
            }
            out.append(']');
        } else if (value instanceof String s) {
            writeString(s, out);
        } else {
            out.append(value); // numbers, booleans, null
        }
    }

    private static void writeString(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
