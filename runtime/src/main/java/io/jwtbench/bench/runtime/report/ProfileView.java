package io.jwtbench.bench.runtime.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * A run's {@code profile} section (written by {@code jfr.CpuProfile}) read once into typed values:
 * CPU per request by component, the checks, and the pruned call tree for the icicle.
 */
record ProfileView(String source, double processCpuUsPerRequest, double componentsCpuUsPerRequest, double namedShare,
        long samples, long lostSamples, List<Component> components, Node flame) {

    static final String SECTION = "profile";

    /** One component: CPU per request, samples, samples by thread kind, hottest methods (innermost frames). */
    record Component(String name, double cpuUsPerRequest, long samples, Map<String, Long> threads, List<String> topMethods) {
    }

    /** A node of the sampled call tree: a frame, its samples (itself and below), the component its rule names. */
    record Node(String name, long samples, String component, List<Node> children) {
        static Node of(Object json) {
            Map<?, ?> m = json instanceof Map<?, ?> map ? map : Map.of();
            List<Node> children = new ArrayList<>();
            if (m.get("children") instanceof List<?> list) {
                list.forEach(c -> children.add(of(c)));
            }
            return new Node(String.valueOf(m.get("name")), m.get("samples") instanceof Number n ? n.longValue() : 0,
                    m.get("component") == null ? null : String.valueOf(m.get("component")), children);
        }
    }

    /** Empty when the run has no profile (profile or breakdown off, failed, nothing measured). */
    static Optional<ProfileView> of(RunReport report) {
        if (!(report.extensions().get(SECTION) instanceof Map<?, ?> p) || !(p.get("components") instanceof List<?> rows)) {
            return Optional.empty();
        }
        List<Component> components = new ArrayList<>();
        for (Object row : rows) {
            Map<?, ?> c = (Map<?, ?>) row;
            Map<String, Long> threads = new LinkedHashMap<>();
            if (c.get("threads") instanceof Map<?, ?> t) {
                t.forEach((k, v) -> threads.put(String.valueOf(k), ((Number) v).longValue()));
            }
            List<String> methods = new ArrayList<>();
            if (c.get("topMethods") instanceof List<?> top) {
                top.forEach(mth -> methods.add(String.valueOf(((Map<?, ?>) mth).get("method"))));
            }
            components.add(new Component(String.valueOf(c.get("component")), number(c, "cpuUsPerRequest"),
                    (long) number(c, "samples"), threads, methods));
        }
        Map<?, ?> flame = p.get("flame") instanceof Map<?, ?> f ? f : Map.of();
        return Optional.of(new ProfileView(String.valueOf(p.get("source")), number(p, "processCpuUsPerRequest"),
                number(p, "componentsCpuUsPerRequest"), number(p, "namedShare"), (long) number(p, "samples"),
                (long) number(p, "lostSamples"), components, Node.of(flame.get("root"))));
    }

    /** CPU µs per request of a component; 0 when the run has none. */
    double usPerRequest(String component) {
        return components.stream().filter(c -> c.name().equals(component)).mapToDouble(Component::cpuUsPerRequest)
                .findFirst().orElse(0);
    }

    private static double number(Map<?, ?> m, String key) {
        return m.get(key) instanceof Number n ? n.doubleValue() : 0;
    }
}
