package io.jwtbench.bench.runtime.ab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.analysis.LaunchComparison;
import io.jwtbench.bench.runtime.analysis.Median;

/**
 * A build measured in several launches on one machine, as {@code ab.sh SAVE=file} keeps it and
 * {@code AGAINST=file} reads it back: the jar, the spec at its fixed load, the machine's fingerprint and canary,
 * and per launch the medians of its segments.
 *
 * @param spec the spec as every launch ran it, its rate included (the next build runs the same)
 */
record SavedBaseline(String jar, String measuredAt, ObjectNode spec, String fingerprint, double canaryBefore,
        double canaryAfter, List<LaunchFigures> launches) {
    static final String KIND = "jwt-bench ab.sh baseline";
    static final int FORMAT = 1;

    /**
     * One launch: the medians of its segments.
     *
     * @param injectedUs the slowdown asked per request ({@code INJECT}), 0 without
     * @param burnedUs   what its threads' CPU clocks measured of it per request, 0 without
     */
    record LaunchFigures(double cpuUs, double p50Ms, double p99Ms, double rps, int segments, int injectedUs, double burnedUs) {
    }

    /** The median of the launches' burned CPU per request: 0 when nothing was injected. */
    double burnedUs() {
        return launches.isEmpty() ? 0 : Median.of(launches.stream().mapToDouble(LaunchFigures::burnedUs));
    }

    LaunchComparison.Side side() {
        return new LaunchComparison.Side(launches.stream().map(LaunchFigures::cpuUs).toList(), fingerprint, canaryBefore,
                canaryAfter);
    }

    void write(Path file) {
        ObjectNode root = BenchClient.JSON.createObjectNode().put("kind", KIND).put("format", FORMAT).put("jar", jar)
                .put("measuredAt", measuredAt);
        root.set("spec", spec);
        root.putObject("machine").put("fingerprint", fingerprint).put("canaryBeforeMs", canaryBefore)
                .put("canaryAfterMs", canaryAfter);
        var array = root.putArray("launches");
        for (LaunchFigures l : launches) {
            array.addObject().put("cpuUsPerRequest", l.cpuUs()).put("p50Ms", l.p50Ms()).put("p99Ms", l.p99Ms()).put("rps", l.rps())
                    .put("segments", l.segments()).put("slowdownUs", l.injectedUs()).put("burnedCpuUsPerRequest", l.burnedUs());
        }
        try {
            Files.writeString(file, root.toPrettyString() + "\n");
        } catch (IOException e) {
            throw new AbException("cannot write SAVE " + file + ": " + e.getMessage());
        }
    }

    static SavedBaseline read(Path file) {
        JsonNode root;
        try {
            root = BenchClient.JSON.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new AbException("AGAINST " + file + " is not JSON: " + e.getMessage());
        }
        if (root == null || !KIND.equals(root.path("kind").asText()) || root.path("format").asInt() != FORMAT
                || !root.path("spec").isObject() || !root.path("launches").isArray()) {
            throw new AbException("AGAINST " + file + " is not what ab.sh SAVE= writes (\"kind\": \"" + KIND + "\", format "
                    + FORMAT + ")");
        }
        List<LaunchFigures> launches = new ArrayList<>();
        for (JsonNode l : root.path("launches")) {
            launches.add(new LaunchFigures(l.path("cpuUsPerRequest").asDouble(), l.path("p50Ms").asDouble(),
                    l.path("p99Ms").asDouble(), l.path("rps").asDouble(), l.path("segments").asInt(),
                    l.path("slowdownUs").asInt(0), l.path("burnedCpuUsPerRequest").asDouble(0)));
        }
        JsonNode machine = root.path("machine");
        return new SavedBaseline(root.path("jar").asText(), root.path("measuredAt").asText(), (ObjectNode) root.get("spec"),
                machine.path("fingerprint").asText(), machine.path("canaryBeforeMs").asDouble(),
                machine.path("canaryAfterMs").asDouble(), launches);
    }
}
