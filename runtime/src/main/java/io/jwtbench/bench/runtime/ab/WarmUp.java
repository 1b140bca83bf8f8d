package io.jwtbench.bench.runtime.ab;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Builds warmed up as they will be measured: two closed runs that also find what each sustains (the better of
 * the two: a neighbour's burst only ever lowers what is measured, and the second finds the JIT warmer), the
 * load of the segments from that, then segments at that load until every build's run is steady (its JIT quiet,
 * runtime/README.md "Steady state") or the time for it is up.
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

    /** Runs one spec on every build as the check runs them (at once, or one after the other): a segment each. */
    @FunctionalInterface
    interface OnEach {
        Segment[] run(ObjectNode spec, Duration endsWithin);
    }

    /**
     * @param capacity  what each build sustained in the closed runs, req/s
     * @param last      the last settling round's segments, one per build
     * @param roundTime how long that round took: one segment each, as measured
     */
    record Result(double[] capacity, SegmentSpecs.Load load, Segment[] last, Duration roundTime) {
        boolean steady() {
            for (Segment s : last) {
                if (!s.steady()) {
                    return false;
                }
            }
            return true;
        }
    }

    private WarmUp() {
    }

    /**
     * @param firstWarmup the first closed run's warm-up: {@code auto} or a duration
     * @param settleUntil when to stop waiting for steady runs
     * @param labels      the builds' names, in the order {@code onEach} answers
     */
    static Result run(OnEach onEach, SegmentSpecs specs, String firstWarmup, Instant settleUntil, List<String> labels,
            String how, PrintStream out) {
        Segment[] first = onEach.run(specs.capacityProbe(firstWarmup), specs.capacityProbeEndsWithin());
        Segment[] second = onEach.run(specs.capacityProbe("0s"), specs.capacityProbeEndsWithin());
        double[] capacity = new double[first.length];
        List<String> said = new ArrayList<>();
        for (int i = 0; i < first.length; i++) {
            capacity[i] = Math.max(first[i].rps(), second[i].rps());
            said.add(String.format(Locale.ROOT, "%s %.0f req/s", labels.get(i), capacity[i]));
        }
        out.printf("ab: warm-up (closed, %d connections, warm-up %s), %s: %s%n", CONNECTIONS, firstWarmup, how,
                String.join(", ", said));
        SegmentSpecs.Load load = specs.load(java.util.Arrays.stream(capacity).min().orElseThrow(), DEFAULT_LOAD, MAX_LOAD);
        out.println("ab: segments of " + load.describe() + ", " + how);
        Result r;
        int round = 0;
        do {
            long start = System.nanoTime();
            Segment[] last = onEach.run(specs.segment(load, 0), specs.endsWithin());
            r = new Result(capacity, load, last, Duration.ofNanos(System.nanoTime() - start));
            List<String> states = new ArrayList<>();
            for (int i = 0; i < last.length; i++) {
                states.add(String.format(Locale.ROOT, "%s %.1f µs CPU/request, %s", labels.get(i), last[i].serverCpuUsPerRequest(),
                        last[i].steady() ? "steady" : "not steady"));
            }
            out.println("ab: settling " + ++round + ": " + String.join("; ", states));
        } while (!r.steady() && Instant.now().plus(r.roundTime()).isBefore(settleUntil));
        return r;
    }
}
