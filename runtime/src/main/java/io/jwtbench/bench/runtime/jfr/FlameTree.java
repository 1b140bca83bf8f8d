package io.jwtbench.bench.runtime.jfr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.stats.Profile;

/**
 * Sampled stacks merged into a call tree (root: all samples), kept in the report pruned to what an
 * icicle can draw: nodes with at least {@value #MIN_SHARE} of the samples, at most {@value #MAX_DEPTH}
 * deep. The section says both limits; the full stacks are in {@code profile.folded}.
 */
final class FlameTree {
    static final double MIN_SHARE = 0.005;
    static final int MAX_DEPTH = 60;

    private static final class Node {
        final String name;
        final String component;
        long samples;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String name, String component) {
            this.name = name;
            this.component = component;
        }
    }

    private final Node root = new Node("all", null);

    /** One stack (root first) with the component each frame's rule names (null: none) and its sample count. */
    void add(String[] names, String[] components, long count) {
        Node at = root;
        at.samples += count;
        for (int i = 0; i < names.length; i++) {
            String component = components[i];
            at = at.children.computeIfAbsent(names[i], n -> new Node(n, component));
            at.samples += count;
        }
    }

    Profile.Flame result() {
        long min = Math.max(1, (long) Math.ceil(root.samples * MIN_SHARE));
        return new Profile.Flame(MIN_SHARE, MAX_DEPTH, node(root, min, 0));
    }

    private static Profile.Node node(Node n, long min, int depth) {
        List<Profile.Node> children = new ArrayList<>();
        if (depth < MAX_DEPTH) {
            n.children.values().stream().filter(c -> c.samples >= min)
                    .sorted((a, b) -> Long.compare(b.samples, a.samples))
                    .forEach(c -> children.add(node(c, min, depth + 1)));
        }
        return new Profile.Node(n.name, n.samples, n.component, children);
    }
}
