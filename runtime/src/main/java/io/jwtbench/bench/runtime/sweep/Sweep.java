package io.jwtbench.bench.runtime.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.jwtbench.bench.runtime.analysis.StepPoint;
import io.jwtbench.bench.runtime.analysis.SweepAnalysis;
import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.engine.Started;
import io.jwtbench.bench.runtime.plan.SweepSpec;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;

/**
 * A sweep: a {@link RunSeries} of kind {@value Bench#SWEEP} (started by {@link Bench#startSweep}), one step per load, started from a
 * {@link SweepSpec} (the series' plan). Its {@link SweepReport} is derived from the series on each
 * read: the steps started so far (the running one live) and the analysis over the DONE ones.
 */
public final class Sweep implements Started {
    private final RunSeries<SweepSpec> series;
    private final SweepSpec spec;

    public Sweep(RunSeries<SweepSpec> series) {
        this.series = series;
        this.spec = series.plan();
    }

    @Override
    public String id() {
        return series.id();
    }

    /** The series of runs it is made of. */
    public RunSeries<SweepSpec> series() {
        return series;
    }

    public SweepSpec spec() {
        return spec;
    }

    public SweepReport report() {
        List<SweepStep> steps = new ArrayList<>();
        RunReport warmupStep = null;
        for (RunSeries.StepResult r : series.results()) {
            if (r.warmup()) {
                warmupStep = r.report();
                continue;
            }
            steps.add(new SweepStep(steps.size(), spec.load(steps.size()), r.report()));
        }
        return new SweepReport(id(), RunStatus.valueOf(series.status().name()), spec, series.startedAt(),
                series.finishedAt(), steps, analyse(steps), series.error(), series.endsWithin(), warmupStep);
    }

    /** Completes with the final report once the sweep ended (its reservation released). */
    @Override
    public CompletableFuture<SweepReport> finished() {
        return series.finished().thenApply(s -> report());
    }

    /** Cancels the running step and skips the rest. */
    @Override
    public void cancel() {
        series.cancel();
    }

    /** Null until two steps are DONE. */
    private SweepAnalysis analyse(List<SweepStep> steps) {
        List<SweepStep> measured = steps.stream()
                .filter(s -> s.report().status() == RunStatus.DONE && s.measured()).toList();
        if (measured.size() < 2) {
            return null;
        }
        List<StepPoint> points = measured.stream().map(SweepStep::point).toList();
        double share = measured.stream().filter(s -> s.report().generator() != null)
                .mapToDouble(s -> s.report().generator().cpuShareOfProcess()).average().orElse(Double.NaN);
        return SweepAnalysis.of(points, spec.loadUnit(), spec.boundPercentile(), spec.boundMs(),
                Runtime.getRuntime().availableProcessors(), share);
    }
}
