package io.jwtbench.bench.runtime.engine;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import io.jwtbench.bench.runtime.observe.JvmActivity;
import io.jwtbench.bench.runtime.observe.SteadyRules;
import io.jwtbench.bench.runtime.observe.SteadyState;
import io.jwtbench.bench.runtime.plan.Durations;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.stats.Measurement;
import io.jwtbench.bench.runtime.stats.Progress;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * A run's warm-up phase: for its fixed duration, or ({@code "warmup": "auto"}) until the last
 * {@link SteadyRules#window()} seconds were quiet and stable by the same rules that judge the measured
 * phase, at most {@code spec.warmup()}. Its requests are recorded in their own phase of the
 * {@link Measurement}, excluded from every measured figure.
 */
final class WarmUp {
    private static final long SECOND = 1_000_000_000L;

    private final RunSpec spec;
    private final SteadyRules rules;
    private final CancelSignal cancel;
    /** Where each second's progress goes (the run publishes it). */
    private final Consumer<Progress> progress;

    WarmUp(RunSpec spec, SteadyRules rules, CancelSignal cancel, Consumer<Progress> progress) {
        this.spec = spec;
        this.rules = rules;
        this.cancel = cancel;
        this.progress = progress;
    }

    /**
     * Runs the phase from {@code start} (System.nanoTime, when the driver started sending).
     *
     * @return why an automatic warm-up ended, in words; null for a fixed one
     */
    String run(long start, Measurement measurement) throws InterruptedException {
        progress.accept(new Progress("warmup", 0, 0, 0, Double.NaN, Double.NaN));
        long end = start + spec.warmup().toNanos();
        long lastResponses = 0;
        long lastTick = start;
        long nextTick = start + SECOND;
        ArrayDeque<JvmActivity> readings = new ArrayDeque<>();
        ArrayDeque<Double> rps = new ArrayDeque<>();
        readings.add(JvmActivity.now());
        List<String> unquiet = List.of("not one full second warmed up");
        while (!cancel.awaitUntil(Math.min(nextTick, end)) && System.nanoTime() < end) {
            nextTick += SECOND;
            long now = System.nanoTime();
            long responses = measurement.current().tally.responses();
            double perSecond = (responses - lastResponses) * (double) SECOND / Math.max(1, now - lastTick);
            progress.accept(new Progress("warmup", (now - start) / (double) SECOND, responses, perSecond, Double.NaN,
                    Double.NaN));
            lastResponses = responses;
            lastTick = now;
            if (!spec.autoWarmup()) {
                continue;
            }
            readings.add(JvmActivity.now());
            rps.add(perSecond);
            if (rps.size() > rules.window()) {
                rps.removeFirst();
                readings.removeFirst();
            }
            if (rps.size() == rules.window()) {
                JvmActivity window = readings.getLast().since(readings.getFirst());
                double[] values = rps.stream().mapToDouble(Double::doubleValue).toArray();
                unquiet = SteadyState.unquiet(window, values, rules);
                if (unquiet.isEmpty()) {
                    return String.format(Locale.ROOT,
                            "quiet after %.1f s: the last %d s had %d ms of JIT compile time, %d classes loaded, "
                                    + "throughput cv %.1f %%",
                            (now - start) / (double) SECOND, values.length, Math.max(0, window.compileMillis()),
                            window.classesLoaded(), 100 * SteadyState.cv(values));
                }
            }
        }
        if (!spec.autoWarmup()) {
            return null;
        }
        return cancel.isSet() ? "cancelled"
                : "bound of " + Durations.format(spec.warmup()) + " reached, not quiet yet: " + String.join("; ", unquiet);
    }

    /** The phase that just {@code ended} (its histogram drained), from {@code start} until now. */
    static RunReport.Warmup result(Measurement.Phase ended, long start, boolean auto, String why) {
        double seconds = (System.nanoTime() - start) / (double) SECOND;
        long requests = ended.latency.takeInterval().getTotalCount();
        return new RunReport.Warmup(seconds, requests, seconds > 0 ? requests / seconds : 0, auto, why);
    }
}
