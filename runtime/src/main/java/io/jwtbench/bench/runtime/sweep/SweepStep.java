package io.jwtbench.bench.runtime.sweep;

import java.util.Map;

import io.jwtbench.bench.runtime.analysis.StepPoint;
import io.jwtbench.bench.runtime.resources.ResourceSampler;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * One step of a sweep: its load and its run's report (live while the step runs, final after).
 *
 * @param index 0-based
 * @param load connections (closed model) or rate (open model)
 */
public record SweepStep(int index, int load, RunReport report) {

    public boolean measured() {
        return report.measured() != null && report.latency() != null;
    }

    /** Mean process CPU during the step, in cores; NaN when not sampled. */
    public double cpuCoresMean() {
        return resource("cpuCoresMean");
    }

    public double cpuPercentPeak() {
        return resource("cpuPercentPeak");
    }

    public double threadsPeak() {
        return resource("threadsPeak");
    }

    /** The JFR breakdown section of the step's run, when that extension is present. */
    public Object breakdown() {
        return report.extensions().get("breakdown");
    }

    private double resource(String key) {
        Object section = report.extensions().get(ResourceSampler.SECTION);
        if (section instanceof Map<?, ?> m && m.get(key) instanceof Number n) {
            return n.doubleValue();
        }
        return Double.NaN;
    }

    /** For the analysis. Open model: concurrency from Little's law (throughput × mean latency). */
    public StepPoint point(boolean open) {
        double x = report.measured().rps();
        double mean = report.latency().mean();
        double concurrency = open ? x * mean / 1000.0 : load;
        return new StepPoint(load, concurrency, x, report.latency().p50(), report.latency().p90(),
                report.latency().p99(), mean, cpuCoresMean(), resource("systemCpuPercentMean") / 100,
                report.measured().requests(),
                report.errors().total());
    }
}
