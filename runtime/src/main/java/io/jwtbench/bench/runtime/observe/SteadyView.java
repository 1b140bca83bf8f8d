package io.jwtbench.bench.runtime.observe;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.jwtbench.bench.runtime.stats.RunReport;

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
        if (!(r.extensions().get(SteadyState.SECTION) instanceof Map<?, ?> s)) {
            return new SteadyView(false, false, List.of(), warm);
        }
        List<String> reasons = s.get("reasons") instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
        return new SteadyView(true, Boolean.TRUE.equals(s.get("steady")), reasons, warm);
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
