package io.jwtbench.bench.runtime.analysis;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Names the likely limiter of a sweep, in words. Looks at the saturated steps: from the knee on, or
 * (without a knee) the last steps if throughput went flat there.
 * <ul>
 * <li>{@link Kind#CPU_SATURATION}: the process's mean CPU on a saturated step reached 85 % of the cores;
 * or the whole machine's did (90 %) while this process got less: the host's CPUs are the limit, shared
 * with other processes.</li>
 * <li>{@link Kind#SERIALIZATION}: throughput flat while CPU stayed under 60 % of the cores, and latency
 * (mean) grew linearly with concurrency (least-squares line, R² ≥ 0.9, positive slope): requests queue
 * behind one resource.</li>
 * <li>{@link Kind#NONE_FOUND}: still scaling, no CPU measured, or neither signature is clear.</li>
 * </ul>
 */
public record Limiter(Kind kind, String description) {

    public enum Kind {
        CPU_SATURATION,
        SERIALIZATION,
        NONE_FOUND;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    static final double CPU_SATURATED = 0.85;
    static final double CPU_LOW = 0.60;
    static final double HOST_SATURATED = 0.90;
    static final double LINEAR_R2 = 0.9;
    /** Without a knee, the last step counts as flat below this throughput efficiency. */
    static final double FLAT_EFFICIENCY = 0.2;

    /**
     * @param points ordered by increasing load
     * @param cores processors available to the JVM
     * @param generatorShare the load generator's share of the process CPU (it runs in-process), NaN if unknown
     */
    public static Limiter classify(List<StepPoint> points, Optional<Knee> knee, int cores, double generatorShare,
            String unit) {
        if (points.size() < 2) {
            return new Limiter(Kind.NONE_FOUND, "none found: a sweep needs at least 2 steps");
        }
        int from;
        if (knee.isPresent()) {
            from = knee.get().index() - 1; // the last scaling step belongs to the flat part's start
        } else {
            StepPoint a = points.get(points.size() - 2);
            StepPoint b = points.get(points.size() - 1);
            double eff = (b.throughput() / a.throughput() - 1) / (b.load() / a.load() - 1);
            if (eff >= FLAT_EFFICIENCY) {
                return new Limiter(Kind.NONE_FOUND, String.format(Locale.ROOT,
                        "none found: throughput still grew with the load up to the last step (%s %s, %.0f req/s); the limit is beyond the tested range",
                        Knee.num(b.load()), unit, b.throughput()));
            }
            from = points.size() - 2;
        }
        List<StepPoint> flat = points.subList(from, points.size());
        double cpu = flat.stream().mapToDouble(StepPoint::cpuCores).filter(v -> !Double.isNaN(v)).max()
                .orElse(Double.NaN);
        double xMax = flat.stream().mapToDouble(StepPoint::throughput).max().orElse(0);
        double first = flat.get(0).load();
        String start = Knee.num(first) + " " + (first == 1 && unit.equals("connections") ? "connection" : unit);
        String generator = Double.isNaN(generatorShare) ? ""
                : String.format(Locale.ROOT, "; the in-process load generator used %.0f%% of that CPU",
                        100 * generatorShare);
        if (Double.isNaN(cpu)) {
            return new Limiter(Kind.NONE_FOUND, String.format(Locale.ROOT,
                    "none found: throughput flattened at about %.0f req/s from %s on, but CPU was not measured",
                    xMax, start));
        }
        if (cpu >= CPU_SATURATED * cores) {
            return new Limiter(Kind.CPU_SATURATION, String.format(Locale.ROOT,
                    "CPU saturation: from %s on, throughput stayed at about %.0f req/s while the process used %.2f of %d cores (%.0f%%)%s",
                    start, xMax, cpu, cores, 100 * cpu / cores, generator));
        }
        double host = flat.stream().mapToDouble(StepPoint::hostCpu).filter(v -> !Double.isNaN(v)).max()
                .orElse(Double.NaN);
        if (host >= HOST_SATURATED) {
            return new Limiter(Kind.CPU_SATURATION, String.format(Locale.ROOT,
                    "CPU saturation (host): from %s on, throughput stayed at about %.0f req/s while the machine's CPUs were %.0f%% busy "
                            + "but this process used only %.2f of %d cores: other processes took the rest, so these figures measure the host, not the service",
                    start, xMax, 100 * host, cpu, cores));
        }
        double[] line = flat.size() >= 3 ? linearFit(flat) : null;
        if (cpu <= CPU_LOW * cores && line != null && line[1] > 0 && line[2] >= LINEAR_R2) {
            return new Limiter(Kind.SERIALIZATION, String.format(Locale.ROOT,
                    "serialization: from %s on, throughput stayed at about %.0f req/s with the process at only %.2f of %d cores, "
                            + "while mean latency grew linearly with concurrency (+%.3f ms per request in flight, R² %.2f): "
                            + "requests queue behind one resource (a lock, a single thread, a fixed-size pool)",
                    start, xMax, cpu, cores, line[1], line[2]));
        }
        return new Limiter(Kind.NONE_FOUND, String.format(Locale.ROOT,
                "none found: throughput flattened at about %.0f req/s from %s on with the process at %.2f of %d cores; "
                        + "neither CPU saturation nor a clean serialization signature (latency linear in concurrency%s)",
                xMax, start, cpu, cores,
                line == null ? ": too few saturated steps" : String.format(Locale.ROOT, ": R² %.2f", line[2])));
    }

    /** Mean latency against concurrency: {intercept, slope, R²}. */
    static double[] linearFit(List<StepPoint> pts) {
        int n = pts.size();
        double mx = 0;
        double my = 0;
        for (StepPoint p : pts) {
            mx += p.concurrency() / n;
            my += p.meanMs() / n;
        }
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (StepPoint p : pts) {
            sxy += (p.concurrency() - mx) * (p.meanMs() - my);
            sxx += (p.concurrency() - mx) * (p.concurrency() - mx);
            syy += (p.meanMs() - my) * (p.meanMs() - my);
        }
        if (sxx == 0 || syy == 0) {
            return new double[] { my, 0, 0 };
        }
        double slope = sxy / sxx;
        return new double[] { my - slope * mx, slope, sxy * sxy / (sxx * syy) };
    }
}
