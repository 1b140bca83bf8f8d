package io.jwtbench.bench.runtime.sweep;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.analysis.StepPoint;
import io.jwtbench.bench.runtime.analysis.SweepAnalysis;
import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.engine.RunSpec;
import io.jwtbench.bench.runtime.engine.RunStatus;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * One sweep, from QUEUED to its end, on its own virtual thread: runs the steps in order and
 * publishes an immutable {@link SweepReport} after every change.
 */
public final class Sweep {
    private static final Logger LOG = Logger.getLogger(Sweep.class);

    private final String id;
    private final SweepSpec spec;
    private final StepSequence sequence;
    private final Instant startedAt = Instant.now();
    private final CompletableFuture<SweepReport> finished = new CompletableFuture<>();
    // owned by the sweep's thread
    private final List<SweepStep> done = new ArrayList<>();
    private volatile Run current;
    private volatile int currentIndex = -1;
    private volatile RunStatus status = RunStatus.QUEUED;
    private volatile SweepReport last;
    private volatile SweepAnalysis analysis;

    Sweep(String id, SweepSpec spec, LoadEngine engine, RequestSource source) {
        this.id = id;
        this.spec = spec;
        this.sequence = new StepSequence(engine, spec.steps(), source, spec.pause());
        publish(null, null);
    }

    public String id() {
        return id;
    }

    public SweepSpec spec() {
        return spec;
    }

    /** The latest snapshot; the running step's report is read live. */
    public SweepReport report() {
        SweepReport r = last;
        Run run = current;
        if (run == null || r.status().isTerminal()) {
            return r;
        }
        List<SweepStep> steps = new ArrayList<>(r.steps());
        steps.add(new SweepStep(currentIndex, spec.load(currentIndex), run.report()));
        return new SweepReport(r.id(), r.status(), spec, startedAt, null, steps, r.analysis(), null);
    }

    public CompletableFuture<SweepReport> finished() {
        return finished;
    }

    public void cancel() {
        sequence.cancel();
    }

    void execute() {
        status = RunStatus.RUNNING;
        publish(null, null);
        StepSequence.Outcome outcome;
        try {
            outcome = sequence.execute(new StepSequence.Listener() {
                @Override
                public void started(int index, Run run) {
                    currentIndex = index;
                    current = run;
                }

                @Override
                public void finished(int index, RunReport report) {
                    synchronized (Sweep.this) {
                        done.add(new SweepStep(index, spec.load(index), report));
                        current = null;
                        analyse();
                        publish(null, null);
                    }
                }
            });
        } catch (Throwable t) {
            LOG.warnf(t, "bench sweep %s failed", id);
            outcome = new StepSequence.Outcome(RunStatus.FAILED, t.getClass().getSimpleName() + ": " + t.getMessage());
        }
        synchronized (this) {
            current = null;
            status = outcome.status();
            publish(Instant.now(), outcome.error());
        }
        finished.complete(last);
    }

    private void analyse() {
        List<SweepStep> measured = done.stream()
                .filter(s -> s.report().status() == RunStatus.DONE && s.measured()).toList();
        if (measured.size() < 2) {
            return;
        }
        boolean open = spec.model() == RunSpec.Model.OPEN;
        List<StepPoint> points = measured.stream().map(s -> s.point(open)).toList();
        double share = measured.stream().filter(s -> s.report().generator() != null)
                .mapToDouble(s -> s.report().generator().cpuShareOfProcess()).average().orElse(Double.NaN);
        analysis = SweepAnalysis.of(points, spec.loadUnit(), spec.boundPercentile(), spec.boundMs(),
                Runtime.getRuntime().availableProcessors(), share);
    }

    private void publish(Instant finishedAt, String error) {
        last = new SweepReport(id, status, spec, startedAt, finishedAt, done, analysis, error);
    }
}
