package io.jwtbench.bench.runtime.ab;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.plan.Durations;

/**
 * What {@code scripts/ab.sh} asks for: {@code BASE NEW [SPEC] [--name=value ...]}, or {@code JAR [SPEC]} with
 * {@code --save=file}, {@code --against=file} or both; every value checked here, before any process starts.
 *
 * @param baseJar  null with {@code --save} or {@code --against}: the one build is {@code currentJar}
 * @param spec     null with {@code --against} and no spec: the baseline's
 * @param deadline when the verdict must be in, warm-ups included (the start plus {@code --budget})
 * @param saveTo   {@code --save}: measure the build in {@code launches} launches and keep that there
 * @param against  {@code --against}: hold the build against what {@code --save} kept there (with {@code --save} too:
 *                 and keep this build's measurement, at the baseline's load, for the next build to be held against)
 */
public record AbSettings(Path baseJar, Path currentJar, ObjectNode spec, PairOrder order, Instant deadline,
        Duration budget, double tolerancePercent, double latencyTolerancePercent, Injection injection, Duration segment,
        String warmup, Path junit, Path pairsCsv, Path workDir, List<String> baseJavaOptions, List<String> currentJavaOptions,
        Path saveTo, Path against, int launches) {

    static final String DEFAULT_SPEC = "{\"target\":\"jwt\"}";
    static final Set<String> OPTIONS = Set.of("mode", "budget", "tolerance", "latency-tolerance", "inject", "segment", "seed",
            "warmup", "junit", "pairs", "work", "java-opts", "base-java-opts", "new-java-opts", "save", "against", "launches");
    /** Starting both JVMs and warming them up takes at least this much of the budget. */
    static final Duration LEAST_WARMUP = Duration.ofSeconds(40);

    /**
     * A slowdown injected on NEW only: a share of BASE's server CPU per request, or a number of microseconds. With
     * SAVE or AGAINST, on the one build measured, a share of its own CPU per request before the burn.
     */
    public record Injection(double percent, int micros) {
        static final Injection NONE = new Injection(0, 0);

        static Injection parse(String text) {
            String t = text.strip().toLowerCase(Locale.ROOT);
            try {
                if (t.equals("none") || t.equals("0")) {
                    return NONE;
                }
                if (t.endsWith("%")) {
                    double p = Double.parseDouble(t.substring(0, t.length() - 1));
                    if (p > 0 && p <= 1000) {
                        return new Injection(p, 0);
                    }
                } else if (t.endsWith("us")) {
                    int us = Integer.parseInt(t.substring(0, t.length() - 2));
                    if (us > 0) {
                        return new Injection(0, us);
                    }
                }
            } catch (NumberFormatException e) {
                // the message below
            }
            throw new AbException("INJECT must be a share of BASE's CPU per request (\"5%\"), microseconds (\"6us\") or none, got " + text);
        }

        /** The microseconds to burn per request, given BASE's server CPU per request. */
        int micros(double baseCpuUs) {
            return micros > 0 ? micros : percent > 0 ? (int) Math.max(1, Math.round(percent / 100 * baseCpuUs)) : 0;
        }

        String describe() {
            return micros > 0 ? micros + " µs asked" : AbText.number(percent) + " % of BASE's server CPU per request";
        }

        /** As {@link #describe()} where the share is of the measured build's own CPU (SAVE, AGAINST). */
        String describeOwn() {
            return micros > 0 ? micros + " µs asked" : AbText.number(percent) + " % asked";
        }
    }

    public static AbSettings parse(String[] args, Instant now) {
        List<String> positional = new ArrayList<>();
        Map<String, String> o = new HashMap<>();
        for (String a : args) {
            if (a.startsWith("--")) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a.substring(2) : a.substring(2, eq);
                if (!OPTIONS.contains(name) || eq < 0) {
                    throw new AbException("unknown option " + a + "; options are --name=value with name one of " + OPTIONS);
                }
                o.put(name, a.substring(eq + 1));
            } else {
                positional.add(a);
            }
        }
        boolean saved = o.containsKey("save") || o.containsKey("against");
        int jars = saved ? 1 : 2;
        if (positional.size() < jars || positional.size() > jars + 1) {
            throw new AbException(saved ? "usage: ab.sh JAR [SPEC] with SAVE=file or AGAINST=file: one build's quarkus-run.jar"
                    : "usage: ab.sh BASE NEW [SPEC]: two builds' quarkus-run.jar and a run spec");
        }
        if (o.containsKey("against") && !java.nio.file.Files.isReadable(Path.of(o.get("against")))) {
            throw new AbException("AGAINST " + o.get("against") + " cannot be read: give a file ab.sh SAVE= wrote");
        }
        Duration budget = duration(o, "budget", "6m");
        if (budget.compareTo(LEAST_WARMUP) < 0) {
            throw new AbException("BUDGET " + Durations.format(budget) + " is too short for one pair: starting and warming up"
                    + " both builds alone takes about " + Durations.format(LEAST_WARMUP));
        }
        long seed = o.containsKey("seed") ? number(o, "seed", Long.MIN_VALUE, Long.MAX_VALUE).longValue() : now.toEpochMilli();
        return new AbSettings(saved ? null : jar(positional.get(0), "BASE"), jar(positional.get(jars - 1), saved ? "JAR" : "NEW"),
                positional.size() > jars ? spec(positional.get(jars)) : o.containsKey("against") ? null : spec(DEFAULT_SPEC),
                new PairOrder(PairOrder.Mode.of(o.getOrDefault("mode", "simultaneous")), seed), now.plus(budget), budget,
                number(o, "tolerance", 0.1, 100).doubleValue(), number(o, "latency-tolerance", 0.1, 1000).doubleValue(),
                Injection.parse(o.getOrDefault("inject", "none")), duration(o, "segment", "5s"), warmup(o.getOrDefault("warmup", "auto")),
                o.containsKey("junit") ? Path.of(o.get("junit")) : null, o.containsKey("pairs") ? Path.of(o.get("pairs")) : null,
                Path.of(o.getOrDefault("work", ".")), javaOptions(o, "base-java-opts"), javaOptions(o, "new-java-opts"),
                o.containsKey("save") ? Path.of(o.get("save")) : null, o.containsKey("against") ? Path.of(o.get("against")) : null,
                (int) number(o, "launches", 3, 50).doubleValue());
    }

    /** The common JVM options, then the side's own. */
    private static List<String> javaOptions(Map<String, String> o, String side) {
        List<String> all = new ArrayList<>();
        for (String name : List.of("java-opts", side)) {
            String text = o.getOrDefault(name, "").strip();
            if (!text.isEmpty()) {
                all.addAll(List.of(text.split("\\s+")));
            }
        }
        return all;
    }

    /** The first warm-up's: "auto" (until the JIT is quiet) or a duration. */
    private static String warmup(String text) {
        if (!text.equals("auto")) {
            try {
                Durations.parse(text);
            } catch (RuntimeException e) {
                throw new AbException("WARMUP must be auto or a duration such as 20s, got " + text);
            }
        }
        return text;
    }

    private static Path jar(String text, String label) {
        Path p = Path.of(text);
        if (!java.nio.file.Files.isRegularFile(p) || !text.endsWith(".jar")) {
            throw new AbException(label + " " + text + " is not a jar file: give a build's target/quarkus-app/quarkus-run.jar");
        }
        return p.toAbsolutePath();
    }

    private static ObjectNode spec(String text) {
        try {
            JsonNode node = BenchClient.JSON.readTree(text);
            if (node instanceof ObjectNode spec) {
                return spec;
            }
        } catch (IOException e) {
            // the message below
        }
        throw new AbException("SPEC must be a JSON object such as " + DEFAULT_SPEC + ", got " + text);
    }

    private static Duration duration(Map<String, String> o, String name, String otherwise) {
        String text = o.getOrDefault(name, otherwise);
        try {
            return Durations.parse(text);
        } catch (RuntimeException e) {
            throw new AbException(name.toUpperCase(Locale.ROOT) + " must be a duration such as 5s or 6m, got " + text);
        }
    }

    private static Number number(Map<String, String> o, String name, double min, double max) {
        String text = o.getOrDefault(name, switch (name) {
            case "tolerance" -> "5";
            case "launches" -> "3";
            default -> "10";
        });
        try {
            double v = Double.parseDouble(text);
            if (v >= min && v <= max) {
                return name.equals("seed") ? (Number) Long.parseLong(text) : v;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new AbException(name.toUpperCase(Locale.ROOT).replace('-', '_') + " must be a number from " + AbText.number(min)
                + " to " + AbText.number(max) + ", got " + text);
    }
}
