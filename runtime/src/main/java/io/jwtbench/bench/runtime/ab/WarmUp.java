package io.jwtbench.bench.runtime.ab;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Builds warmed up as they will be measured: closed runs at full load (the most calls for the JIT to compile)
 * until every build's run is steady (its JIT quiet, runtime/README.md "Steady state") and what they sustain leaves
 * room for the segments' load, or the time for it is up; what each sustained is the best of those runs (a
 * neighbour's burst only ever lowers it, a cold JIT too); the segments' load follows from that, and one segment at
 * it settles the paced path and times a round.
 */
final class WarmUp {
    /** Connections of the closed runs that warm up and measure what each build sustains. */
    static final int CONNECTIONS = 16;
    /**
     * Without a rate in the spec, segments run at this share of the lower capacity: well below the knee, where
     * queueing would change what a request costs, and high enough that a request's own work outweighs the
     * process's fixed background (timers, samplers) in its CPU.
     */
    static final double DEFAULT_LOAD = 0.25;
    /** A rate above this share of a capacity would measure queueing, not the builds. */
    static final double MAX_LOAD = 0.8;
    /**
     * The least default rate, req/s: below it the process's fixed background (timers, samplers, JFR) outweighs a
     * request's own work in its CPU per request, and the pairs vary by tens of % (a pilot here: 20 to 240 req/s
     * gave 30-37 % per pair, 1600 to 3200 req/s 7-8 %).
     */
    static final long MIN_RATE = 2000;

    /** Runs one spec on every build as the check runs them (at once, or one after the other): a segment each. */
    @FunctionalInterface
    interface OnEach {
        Segment[] run(ObjectNode spec, Duration endsWithin);
    }

    /**
     * @param capacity  what each build sustained in the closed runs, req/s
     * @param last      the segment at the load that ended the warm-up, one per build
     * @param roundTime how long it took: one segment each, as measured
     */
    record Result(double[] capacity, SegmentSpecs.Load load, Segment[] last, Duration roundTime) {
    }

    private WarmUp() {
    }

    /**
     * @param firstWarmup the first closed run's warm-up: {@code auto} or a duration
     * @param settleUntil when to stop waiting for steady runs (one closed run happens regardless)
     * @param labels      the builds' names, in the order {@code onEach} answers
     */
    static Result run(OnEach onEach, SegmentSpecs specs, String firstWarmup, Instant settleUntil, List<String> labels,
            String how, PrintStream out) {
        double[] capacity = new double[labels.size()];
        Segment[] closed;
        int round = 0;
        do {
            closed = onEach.run(specs.capacityProbe(round == 0 ? firstWarmup : "0s"), specs.capacityProbeEndsWithin());
            List<String> said = new ArrayList<>();
            for (int i = 0; i < closed.length; i++) {
                capacity[i] = Math.max(capacity[i], closed[i].rps());
                said.add(String.format(Locale.ROOT, "%s %.0f req/s, %s", labels.get(i), closed[i].rps(),
                        closed[i].steady() ? "steady" : "not steady"));
            }
            out.printf("ab: warm-up %d (closed, %d connections%s), %s: %s%n", ++round, CONNECTIONS,
                    round == 1 ? ", warm-up " + firstWarmup : "", how, String.join("; ", said));
        } while ((!steady(closed) || !specs.fits(lower(capacity), DEFAULT_LOAD, MAX_LOAD, MIN_RATE))
                && Instant.now().isBefore(settleUntil)); // a JIT still compiling sustains less than it will
        SegmentSpecs.Load load = specs.load(lower(capacity), DEFAULT_LOAD, MAX_LOAD, MIN_RATE);
        long start = System.nanoTime();
        Segment[] last = onEach.run(specs.segment(load, 0), specs.endsWithin());
        Result r = new Result(capacity, load, last, Duration.ofNanos(System.nanoTime() - start));
        List<String> states = new ArrayList<>();
        for (int i = 0; i < last.length; i++) {
            states.add(String.format(Locale.ROOT, "%s %.1f µs CPU/request, %s", labels.get(i), last[i].serverCpuUsPerRequest(),
                    last[i].steady() ? "steady" : "not steady"));
        }
        out.println("ab: segments of " + load.describe() + " (the best each sustained: " + capacityText(capacity, labels)
                + "), " + how + "; the first: " + String.join("; ", states));
        return r;
    }

    private static double lower(double[] capacity) {
        return java.util.Arrays.stream(capacity).min().orElseThrow();
    }

    private static boolean steady(Segment[] runs) {
        for (Segment s : runs) {
            if (!s.steady()) {
                return false;
            }
        }
        return true;
    }

    private static String capacityText(double[] capacity, List<String> labels) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < capacity.length; i++) {
            parts.add(String.format(Locale.ROOT, "%s %.0f req/s", labels.get(i), capacity[i]));
        }
        return String.join(", ", parts);
    }
}
