package io.jwtbench.bench.runtime.observe;

import java.util.List;
import java.util.Locale;

import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.Steadiness;

/**
 * A run report's {@code steady} section and its automatic warm-up read once, for every renderer: the
 * verdict, its reasons in words, and why the warm-up ended. {@code known} is false for a run that
 * measured nothing (no verdict).
 */
public record SteadyView(boolean known, boolean steady, List<String> reasons, String warmup) {

    public static SteadyView of(RunReport r) {
        String warm = r.warmup() == null ? null
                : r.warmup().auto() ? String.format(Locale.ROOT, "auto warm-up %.1f s, %s",
                        r.warmup().durationSeconds(), r.warmup().stoppedBecause())
                        : String.format(Locale.ROOT, "fixed warm-up %.1f s", r.warmup().durationSeconds());
        Steadiness s = r.steadiness();
        return s == null ? new SteadyView(false, false, List.of(), warm) : new SteadyView(true, s.steady(), s.reasons(), warm);
    }

    /** Marked wherever a run's numbers appear: {@code not steady} when the verdict says so. */
    public boolean unsteady() {
        return known && !steady;
    }

    /** One line: {@code steady} or {@code NOT steady: reason; reason}. */
    public String line() {
        return !known ? "no verdict (nothing measured)" : steady ? "steady" : "NOT steady: " + String.join("; ", reasons);
    }
}
