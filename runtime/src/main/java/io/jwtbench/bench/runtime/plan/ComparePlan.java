package io.jwtbench.bench.runtime.plan;

import java.util.List;

/**
 * A compare: the same run once per entry, back to back, along one {@link Axis}. A model is just the target
 * option {@value #OPTION} (the bench knows nothing of "event loop" or "virtual thread"); a transport is one
 * of {@link Transport#NAMED}. Every entry's spec is derived from the one spec ({@link RunSpec#withOption},
 * {@link RunSpec#withTransport}), so every other field (breakdown, jfr, warm-up, load model, options) is the
 * same in all of them. The entries run {@code rounds} times, each round in a rotated {@link #order}.
 *
 * @param models the entries compared: models or transports, as {@code axis} says
 */
public record ComparePlan(RunSpec spec, List<String> models, int rounds, Axis axis) {
    /** What a compare varies, and the body field that lists its entries. */
    public enum Axis {
        MODELS("models"), TRANSPORTS("transports");

        public final String field;

        Axis(String field) {
            this.field = field;
        }
    }

    /** The target option each model sets; the JSON key {@code "model"} means nothing else in the bench. */
    public static final String OPTION = "model";
    public static final int MAX_MODELS = 10;
    public static final int DEFAULT_ROUNDS = 3;
    public static final int MAX_ROUNDS = 10;

    public ComparePlan {
        models = List.copyOf(models);
    }

    public ComparePlan(RunSpec spec, List<String> models) {
        this(spec, models, DEFAULT_ROUNDS, Axis.MODELS);
    }

    /**
     * The models in the order round {@code round} (0-based) runs them: rotated by one each round
     * (ABC, BCA, CAB), so no model always runs first, on the coldest JVM, or last.
     */
    public List<String> order(int round) {
        int n = models.size();
        return java.util.stream.IntStream.range(0, n).mapToObj(i -> models.get((i + round) % n)).toList();
    }

    /** The spec of {@code entry}'s run. */
    public RunSpec specOf(String entry) {
        return axis == Axis.MODELS ? spec.withOption(OPTION, entry) : spec.withTransport(Transport.named(entry));
    }
}
