package io.jwtbench.bench.runtime.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jwtbench.bench.runtime.analysis.PairedVerdict.Outcome;
import io.jwtbench.bench.runtime.stats.Welch;

/**
 * A build held against a saved measurement of another when the two cannot run side by side: each side is the
 * medians of several JVM launches (a launch's JIT decisions and memory layout move its figures as a whole, so
 * launches, not the seconds of one, are the samples), and the machine must be the one the baseline was measured
 * on and as fast as it was then. The fingerprint (CPU model, cores, JVM, kernel) must be equal and a fixed piece
 * of CPU work (the canary) must have cost the same, within {@link #CANARY_TOLERANCE_PERCENT}, before and after
 * each side's launches and between the two sides; else the answer is INCONCLUSIVE with the reason. The change of
 * the launches' mean log CPU per request then gets {@link Welch}'s interval and {@link PairedVerdict}'s double gate.
 */
public final class LaunchComparison {
    /** The canary may move this much, in percent: more, and the machine's speed moved as much as the tolerance. */
    public static final double CANARY_TOLERANCE_PERCENT = 2;
    /** The fewest launches a side needs: with fewer, one launch's JIT luck is the whole answer. */
    public static final int MIN_LAUNCHES = 3;

    /**
     * One side: its launches' values (one figure per launch, e.g. the median CPU µs per request of its segments),
     * the machine's fingerprint and the canary's cost before and after.
     */
    public record Side(List<Double> launches, String fingerprint, double canaryBefore, double canaryAfter) {
    }

    /**
     * @param changePercent the change of NEW against the baseline, worse positive, with its interval; null when not judged
     * @param reasons       why not judged (fingerprint or canary), empty when judged
     */
    public record Result(Outcome outcome, Double changePercent, Double lowPercent, Double highPercent, List<String> reasons) {
    }

    private LaunchComparison() {
    }

    public static Result judge(Side saved, Side current, double tolerancePercent) {
        List<String> reasons = new ArrayList<>();
        if (!saved.fingerprint().equals(current.fingerprint())) {
            reasons.add("not the machine the baseline was measured on: " + saved.fingerprint() + " then, " + current.fingerprint()
                    + " now");
        }
        moved(reasons, "while the baseline was measured", saved.canaryBefore(), saved.canaryAfter());
        moved(reasons, "while this build was measured", current.canaryBefore(), current.canaryAfter());
        moved(reasons, "since the baseline was measured", (saved.canaryBefore() + saved.canaryAfter()) / 2,
                (current.canaryBefore() + current.canaryAfter()) / 2);
        for (Side side : List.of(saved, current)) {
            if (side.launches().size() < MIN_LAUNCHES) {
                reasons.add((side == saved ? "the baseline" : "this build") + " has " + side.launches().size()
                        + " launches: at least " + MIN_LAUNCHES + " are needed");
            }
        }
        if (!reasons.isEmpty()) {
            return new Result(Outcome.INCONCLUSIVE, null, null, null, reasons);
        }
        Welch.Interval iv = Welch.interval(logs(saved.launches()), logs(current.launches()));
        double tolerance = Math.log1p(tolerancePercent / 100);
        Outcome outcome = iv.high() < tolerance ? Outcome.PASS
                : iv.low() > 0 ? Outcome.REGRESSED : Outcome.INCONCLUSIVE;
        return new Result(outcome, PairedVerdict.percentOf(iv.difference()), PairedVerdict.percentOf(iv.low()),
                PairedVerdict.percentOf(iv.high()), List.of());
    }

    private static void moved(List<String> reasons, String when, double before, double after) {
        double percent = 100 * (after / before - 1);
        if (!(Math.abs(percent) <= CANARY_TOLERANCE_PERCENT)) {
            reasons.add(String.format(Locale.ROOT, "the machine's speed moved %s: the canary cost %.2f then %.2f ms of CPU (%+.1f %%,"
                    + " more than %.0f %%)", when, before, after, percent, CANARY_TOLERANCE_PERCENT));
        }
    }

    private static double[] logs(List<Double> values) {
        return values.stream().mapToDouble(Math::log).toArray();
    }
}
