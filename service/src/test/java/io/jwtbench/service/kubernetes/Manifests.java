package io.jwtbench.service.kubernetes;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** deploy/kubernetes, parsed: plain maps and lists, read through small typed accessors. */
final class Manifests {
    static final Path DIR = Path.of("..", "deploy", "kubernetes");

    private Manifests() {
    }

    /** Every document of a manifest file. */
    static List<Map<String, Object>> load(String file) throws IOException {
        List<Map<String, Object>> docs = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(DIR.resolve(file))) {
            for (Object doc : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(reader)) {
                if (doc != null) {
                    docs.add(map(doc, file));
                }
            }
        }
        return docs;
    }

    static Map<String, Object> single(String file, String kind) throws IOException {
        List<Map<String, Object>> docs = load(file).stream().filter(d -> kind.equals(d.get("kind"))).toList();
        if (docs.size() != 1) {
            throw new AssertionError(file + ": expected exactly one " + kind + ", found " + docs.size());
        }
        return docs.get(0);
    }

    /** The Deployment's only container. */
    static Map<String, Object> container() throws IOException {
        List<Object> containers = list(at(single("deployment.yaml", "Deployment"), "spec.template.spec.containers"),
                "containers");
        if (containers.size() != 1) {
            throw new AssertionError("expected one container, found " + containers.size());
        }
        return map(containers.get(0), "container");
    }

    /** A probe of the container: kubelet's fields with their Kubernetes defaults. */
    record Probe(String name, String path, Object port, int initialDelaySeconds, int periodSeconds, int timeoutSeconds,
            int successThreshold, int failureThreshold) {

        static Probe of(Map<String, Object> container, String name) {
            Map<String, Object> p = map(container.get(name), name);
            Map<String, Object> http = map(p.get("httpGet"), name + ".httpGet");
            return new Probe(name, (String) http.get("path"), http.get("port"), integer(p, "initialDelaySeconds", 0),
                    integer(p, "periodSeconds", 10), integer(p, "timeoutSeconds", 1), integer(p, "successThreshold", 1),
                    integer(p, "failureThreshold", 3));
        }

        /** How long kubelet keeps failing this probe before it acts (restart, or unready). */
        int budgetSeconds() {
            return initialDelaySeconds + periodSeconds * failureThreshold;
        }

        /** The probe's port as a number: a named port is looked up among the container's ports. */
        int resolvedPort(Map<String, Object> container) {
            if (port instanceof Number n) {
                return n.intValue();
            }
            for (Object o : list(container.get("ports"), "ports")) {
                Map<String, Object> cp = map(o, "port");
                if (port.equals(cp.get("name"))) {
                    return ((Number) cp.get("containerPort")).intValue();
                }
            }
            throw new AssertionError(name + ": port '" + port + "' is not a named port of the container");
        }
    }

    /** Follows a dotted path of map keys. */
    static Object at(Map<String, Object> root, String path) {
        Object node = root;
        for (String key : path.split("\\.")) {
            node = map(node, path).get(key);
            if (node == null) {
                throw new AssertionError("missing " + path + " (at " + key + ")");
            }
        }
        return node;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o, String what) {
        if (!(o instanceof Map)) {
            throw new AssertionError(what + " is not a mapping: " + o);
        }
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o, String what) {
        if (!(o instanceof List)) {
            throw new AssertionError(what + " is not a sequence: " + o);
        }
        return (List<Object>) o;
    }

    private static int integer(Map<String, Object> m, String key, int kubernetesDefault) {
        Object v = m.get(key);
        return v == null ? kubernetesDefault : ((Number) v).intValue();
    }
}
