package io.jwtbench.bench.runtime.sweep;

import io.jwtbench.bench.runtime.analysis.StepPoint;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.observe.SteadyView;
import io.jwtbench.bench.runtime.stats.Breakdown;
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

    /** The step's run's {@code jvm} section: CPU, host CPU, threads. */
    public JvmFacts jvm() {
        return JvmFacts.of(report);
    }

    /** The step's steady-state verdict. */
    public SteadyView steady() {
        return SteadyView.of(report);
    }

    /** The JFR breakdown section of the step's run, when that extension is present. */
    public Breakdown breakdown() {
        return report.breakdown();
    }

    /**
     * For the analysis, with the concurrency the step's own load model implies: its connections (closed model), or
     * Little's law (open models). The step's own: a closed sweep's steps differ in exactly that.
     */
    public StepPoint point() {
        double x = report.measured().rps();
        double mean = report.latency().mean();
        return new StepPoint(load, report.loadModel().concurrency(x, mean), x, report.latency().p50(), report.latency().p90(),
                report.latency().p99(), mean, jvm().meanCores(), jvm().hostCpuShareMean(),
                report.measured().requests(),
                report.errors().total());
    }
}
