package io.jwtbench.bench.runtime.report;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code breakdown} report section (contributed by the JFR extension) without depending on
 * its exact layout: the first object (searched breadth-first, two levels deep) holding at least two
 * numbers gives the categories and their weights; or a list of objects, each with a name
 * ({@code name}, {@code category}, {@code label}) and a weight ({@code share}, {@code percent},
 * {@code samples}, {@code value}, {@code count}, {@code ms}). Weights are shown as shares of their sum.
 */
final class Breakdowns {
    private static final List<String> NAME_KEYS = List.of("name", "category", "label");
    private static final List<String> WEIGHT_KEYS = List.of("share", "percent", "samples", "value", "count", "ms");
    private static final Set<String> NOT_CATEGORIES = Set.of("total", "totalsamples", "samples", "count", "durationseconds",
            "durationms");

    private Breakdowns() {
    }

    /** Category → weight, in the section's order; empty when nothing fits. */
    static Map<String, Double> categories(Object section) {
        Deque<Object> queue = new ArrayDeque<>();
        Deque<Integer> depth = new ArrayDeque<>();
        queue.add(section);
        depth.add(0);
        while (!queue.isEmpty()) {
            Object o = queue.poll();
            int d = depth.poll();
            Map<String, Double> found = o instanceof Map<?, ?> m ? fromMap(m) : o instanceof List<?> l ? fromList(l) : Map.of();
            if (found.size() >= 2) {
                return found;
            }
            if (d < 2 && o instanceof Map<?, ?> m) {
                for (Object v : m.values()) {
                    queue.add(v);
                    depth.add(d + 1);
                }
            }
        }
        return Map.of();
    }

    private static Map<String, Double> fromMap(Map<?, ?> m) {
        Map<String, Double> out = new LinkedHashMap<>();
        m.forEach((k, v) -> {
            if (v instanceof Number n && n.doubleValue() >= 0
                    && !NOT_CATEGORIES.contains(String.valueOf(k).toLowerCase())) {
                out.put(String.valueOf(k), n.doubleValue());
            }
        });
        return out;
    }

    private static Map<String, Double> fromList(List<?> list) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Object e : list) {
            if (!(e instanceof Map<?, ?> m)) {
                return Map.of();
            }
            Object name = NAME_KEYS.stream().map(m::get).filter(v -> v != null).findFirst().orElse(null);
            Object weight = WEIGHT_KEYS.stream().map(m::get).filter(v -> v instanceof Number).findFirst().orElse(null);
            if (name == null || weight == null) {
                return Map.of();
            }
            out.merge(String.valueOf(name), ((Number) weight).doubleValue(), Double::sum);
        }
        return out;
    }
}
