package io.jwtbench.bench.runtime;

import java.util.LinkedHashMap;
import java.util.Map;

/** Report and API bodies are ordered maps of JSON-able values. */
public final class JsonMaps {
    private JsonMaps() {
    }

    /** {@code map("a", 1, "b", null)}: an ordered, mutable map; null values are kept (JSON null). */
    public static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }
}
