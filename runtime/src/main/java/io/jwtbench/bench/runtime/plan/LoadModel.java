package io.jwtbench.bench.runtime.plan;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a run loads its target, as a value. Each case knows its schedule, its names and its echo, so
 * the rest of the bench never asks which case it holds: a new load model is one case here plus its
 * {@link Schedule} in {@code engine/load}. Reported as {@code "loadModel"} (the JSON key
 * {@code "model"} is the compare's target option, e.g. an execution model).
 */
public sealed interface LoadModel {

    /** Connections the generator opens: each busy with one request (closed), or a pool (open models). */
    int connections();

    /** Which case this is, as a value a report can carry and read back. */
    Kind kind();

    /** The report's {@code loadModel}: {@code closed}, {@code constant-rate} or {@code ramp}. */
    default String label() {
        return kind().label();
    }

    /**
     * The cases by name, for what reads a model back from its label (a posted report) rather than from a spec's
     * fields ({@code RunSpecParser.loadModel}): a switch over it is exhaustive, so a new case cannot be forgotten.
     */
    enum Kind {
        CLOSED("closed"),
        CONSTANT_RATE("constant-rate"),
        RAMP("ramp");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The kind a report's {@code loadModel} names, if any. */
        public static Optional<Kind> ofLabel(String label) {
            return Arrays.stream(values()).filter(k -> k.label.equals(label)).findFirst();
        }

        /** {@code closed, constant-rate or ramp}. */
        public static String labels() {
            List<String> all = Arrays.stream(values()).map(Kind::label).toList();
            return String.join(", ", all.subList(0, all.size() - 1)) + " or " + all.getLast();
        }
    }

    /**
     * The load for people: {@code 50 connections}, {@code 2000 req/s over 64 connections},
     * {@code 200→2000 req/s (ramp) over 64 connections}.
     */
    String describe();

    /** The load in names of exported benchmarks: {@code 50c}, {@code 2000rps}, {@code 200-2000rps}. */
    String tag();

    /** The load as one number, in {@link #unit()}: what a sweep steps through. */
    int level();

    /** {@code connections} or {@code req/s}. */
    String unit();

    /** {@link #unit()} as a table's column header: {@code conns} or {@code rate}. */
    String column();

    /** Puts the fields a caller would write for this load ({@code connections}, {@code rate}, ...). */
    void echo(Map<String, Object> spec);

    /**
     * When requests are due, or empty when each connection sends its next request as soon as the
     * previous answer is in (no schedule to be late against, so no coordinated-omission correction).
     */
    Optional<Schedule> schedule(Duration warmup, Duration measured);

    /**
     * Whether {@link #level()} is a rate offered on a schedule (so a chart can draw "offered" against
     * the throughput), rather than a concurrency (on which a USL curve can be drawn).
     */
    boolean offersRate();

    /** The concurrency the Universal Scalability Law is fitted on, from a step's throughput and mean latency. */
    double concurrency(double throughputPerSecond, double meanLatencyMs);

    /** Closed model, like wrk: {@code connections} connections, each sending on answer. */
    record Closed(int connections) implements LoadModel {
        public Kind kind() {
            return Kind.CLOSED;
        }

        public String describe() {
            return connections + " connections";
        }

        public String tag() {
            return connections + "c";
        }

        public int level() {
            return connections;
        }

        public String unit() {
            return "connections";
        }

        public String column() {
            return "conns";
        }

        public void echo(Map<String, Object> spec) {
            spec.put("connections", connections);
        }

        public Optional<Schedule> schedule(Duration warmup, Duration measured) {
            return Optional.empty();
        }

        public boolean offersRate() {
            return false;
        }

        public double concurrency(double throughputPerSecond, double meanLatencyMs) {
            return connections;
        }
    }

    /** Open model, like wrk2: {@code rate} requests per second on a fixed schedule, over a pool of connections. */
    record ConstantRate(int rate, int connections) implements Open {
        public Kind kind() {
            return Kind.CONSTANT_RATE;
        }

        public String describe() {
            return rate + " req/s over " + connections + " connections";
        }

        public String tag() {
            return rate + "rps";
        }

        public int level() {
            return rate;
        }

        public void echo(Map<String, Object> spec) {
            spec.put("connections", connections);
            spec.put("rate", rate);
        }

        public Optional<Schedule> schedule(Duration warmup, Duration measured) {
            return Optional.of(new Pacer(rate));
        }
    }

    /**
     * Open model whose rate rises linearly from {@code rate} to {@code rampTo} over the measured phase
     * (the warm-up runs at {@code rate}): one run that walks the load up, as a sweep does in steps.
     */
    record Ramp(int rate, int rampTo, int connections) implements Open {
        public Kind kind() {
            return Kind.RAMP;
        }

        public String describe() {
            return rate + "→" + rampTo + " req/s (ramp) over " + connections + " connections";
        }

        public String tag() {
            return rate + "-" + rampTo + "rps";
        }

        public int level() {
            return rampTo;
        }

        public void echo(Map<String, Object> spec) {
            spec.put("connections", connections);
            spec.put("rate", rate);
            spec.put("rampTo", rampTo);
        }

        public Optional<Schedule> schedule(Duration warmup, Duration measured) {
            return Optional.of(new RampSchedule(rate, rampTo, warmup.toNanos(), measured.toNanos()));
        }
    }

    /**
     * Open models: requests leave on a schedule, whatever the answers, over a pool of connections;
     * their load is a rate.
     */
    sealed interface Open extends LoadModel {
        @Override
        default String unit() {
            return "req/s";
        }

        @Override
        default String column() {
            return "rate";
        }

        @Override
        default boolean offersRate() {
            return true;
        }

        /** Little's law: requests in the system = throughput × the time each spends there. */
        @Override
        default double concurrency(double throughputPerSecond, double meanLatencyMs) {
            return throughputPerSecond * meanLatencyMs / 1000.0;
        }
    }
}
