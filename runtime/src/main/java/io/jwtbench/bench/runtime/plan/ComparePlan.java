package io.jwtbench.bench.runtime.plan;

import java.util.List;

/**
 * A compare: the same run once per model, back to back. A model is just the target option
 * {@value #OPTION} (the bench knows nothing of "event loop" or "virtual thread"); every model's spec is
 * derived from the one spec with {@link RunSpec#withOption}, so every other field (breakdown, jfr,
 * warm-up, load model, options) is the same in all of them.
 */
public record ComparePlan(RunSpec spec, List<String> models) {
    /** The target option each model sets; the JSON key {@code "model"} means nothing else in the bench. */
    public static final String OPTION = "model";
    public static final int MAX_MODELS = 10;

    public ComparePlan {
        models = List.copyOf(models);
    }

    /** The spec of {@code model}'s run. */
    public RunSpec specOf(String model) {
        return spec.withOption(OPTION, model);
    }
}
