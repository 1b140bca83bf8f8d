package io.jwtbench.bench.runtime.analysis;

import io.jwtbench.bench.runtime.plan.Percentile;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the analysis says about one sweep: knee, best throughput under a latency bound, USL fit
 * and limiter. Pure: points in, conclusions out. Indexes refer to the points sorted by load.
 *
 * @param usl null when fewer than 3 usable points at different concurrencies
 */
public record SweepAnalysis(List<StepPoint> points, String unit, Optional<Knee> knee, LatencyBound bound, UslFit usl,
        String uslNote, Limiter limiter) {

    static final String NO_KNEE = "no knee: at no step did throughput stop growing with the load while p90 or p99 jumped";

    public static SweepAnalysis of(List<StepPoint> steps, String unit, Percentile boundPercentile, double boundMs,
            int cores, double generatorShare) {
        List<StepPoint> points = new ArrayList<>(steps.stream().filter(p -> p.throughput() > 0).toList());
        points.sort(Comparator.comparingDouble(StepPoint::load));
        Optional<Knee> knee = Knee.find(points);
        LatencyBound bound = LatencyBound.best(points, boundPercentile, boundMs, unit);
        UslFit usl = null;
        String note;
        List<StepPoint> usable = points.stream().filter(p -> p.concurrency() > 0).toList();
        // three parameters need three different concurrencies: at one, every σ and κ fit alike
        if (usable.stream().mapToDouble(StepPoint::concurrency).distinct().count() >= 3) {
            double[] n = usable.stream().mapToDouble(StepPoint::concurrency).toArray();
            double[] x = usable.stream().mapToDouble(StepPoint::throughput).toArray();
            usl = UslFit.fit(n, x);
            note = usl.describe();
        } else {
            note = "USL fit: needs at least 3 steps with measured throughput at different concurrencies";
        }
        Limiter limiter = Limiter.classify(points, knee, cores, generatorShare, unit);
        return new SweepAnalysis(List.copyOf(points), unit, knee, bound, usl, note, limiter);
    }

    /** The knee in words, or why there is none. */
    public String kneeDescription() {
        return knee.map(k -> k.describe(unit)).orElse(NO_KNEE);
    }

    /** The four findings in words, by name, in the order a reader wants them: what limits, then the evidence. */
    public Map<String, String> descriptions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("limiter", limiter.description());
        m.put("knee", kneeDescription());
        m.put("latencyBound", bound.description());
        m.put("usl", uslNote);
        return m;
    }

    /** JSON-able. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (knee.isPresent()) {
            Knee k = knee.get();
            m.put("knee", map("found", true, "load", k.load(), "previousLoad", k.previousLoad(),
                    "throughputEfficiency", round(k.throughputEfficiency(), 3), "latencyGrowth",
                    round(k.latencyGrowth(), 3), "percentile", k.percentile().key(), "description", kneeDescription()));
        } else {
            m.put("knee", map("found", false, "description", kneeDescription()));
        }
        m.put("latencyBound", bound.found()
                ? map("found", true, "percentile", bound.percentile().key(), "boundMs", bound.boundMs(), "load", bound.load(),
                        "throughput", round(bound.throughput(), 1), "valueMs", round(bound.valueMs(), 3),
                        "description", bound.description())
                : map("found", false, "percentile", bound.percentile().key(), "boundMs", bound.boundMs(), "description",
                        bound.description()));
        if (usl != null) {
            m.put("usl", map("lambda", round(usl.lambda(), 2), "sigma", significant(usl.sigma()), "kappa",
                    significant(usl.kappa()), "rSquared", round(usl.rSquared(), 4), "peakConcurrency",
                    round(usl.peakConcurrency(), 1), "peakThroughput", round(usl.peakThroughput(), 1), "points",
                    usl.points(), "description", uslNote));
        } else {
            m.put("usl", map("description", uslNote));
        }
        m.put("limiter", map("kind", limiter.kind().label(), "description", limiter.description()));
        return m;
    }

    private static Object round(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return null;
        }
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }

    /** Six significant digits, so a tiny κ does not round to 0. */
    private static Object significant(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return null;
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).doubleValue();
    }
}
