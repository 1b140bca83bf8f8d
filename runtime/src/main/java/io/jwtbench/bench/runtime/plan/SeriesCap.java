package io.jwtbench.bench.runtime.plan;

import java.time.Duration;

/**
 * How long a series (a sweep, a compare) may hold the bench: every step's warm-up and duration plus
 * the pauses between steps. Each step is within the run caps on its own; it is their number that can
 * hold the service for hours (32 steps of 10m + 10m warm-up + 1m pause: over 11 h).
 */
public record SeriesCap(Duration max) {

    /**
     * @param field the spec field whose length makes the series long (its steps or models)
     * @throws SpecException on {@code field} when the series would run longer than {@link #max}
     */
    void check(String field, int steps, RunSpec step, Duration pause) {
        Duration total = step.warmup().plus(step.duration()).multipliedBy(steps).plus(pause.multipliedBy(steps - 1));
        if (total.compareTo(max) > 0) {
            throw new SpecException(field, steps + " steps of " + Durations.format(step.warmup()) + " warm-up + "
                    + Durations.format(step.duration()) + (pause.isZero() ? "" : ", " + Durations.format(pause) + " pauses between")
                    + " would hold the bench for " + Durations.format(total) + ", more than the "
                    + Durations.format(max) + " a series may (quarkus.bench.max-series-duration)");
        }
    }
}
