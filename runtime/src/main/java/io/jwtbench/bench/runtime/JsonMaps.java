package io.jwtbench.bench.runtime;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Report and API bodies are ordered maps of JSON-able values. */
public final class JsonMaps {
    private JsonMaps() {
    }

    /**
     * The one rounding of numbers for JSON: {@code decimals} places, null when unknown (NaN or
     * infinite), so an absent figure is a JSON null rather than "NaN".
     */
    public static Object round(double v, int decimals) {
        if (!Double.isFinite(v)) {
            return null;
        }
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }

    /** Puts {@code startedAt}, and {@code finishedAt} once there is one (ISO-8601). */
    public static void times(Map<String, Object> m, Instant startedAt, Instant finishedAt) {
        m.put("startedAt", startedAt.toString());
        if (finishedAt != null) {
            m.put("finishedAt", finishedAt.toString());
        }
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
