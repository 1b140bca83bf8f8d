package io.jwtbench.bench.runtime.api;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.engine.Started;
import io.jwtbench.bench.runtime.plan.ComparePlan;
import io.jwtbench.bench.runtime.report.BenchmarkData;
import io.jwtbench.bench.runtime.analysis.CompareSummary;
import io.jwtbench.bench.runtime.report.CompareView;
import io.jwtbench.bench.runtime.report.FleetView;
import io.jwtbench.bench.runtime.report.HtmlReport;
import io.jwtbench.bench.runtime.report.JUnitXml;
import io.jwtbench.bench.runtime.report.ProfileDiff;
import io.jwtbench.bench.runtime.report.SweepHtml;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.sweep.SweepReport;
import io.jwtbench.bench.runtime.sweep.SweepStep;
import io.vertx.ext.web.RoutingContext;

/**
 * Renderings for people and for other tools: {@code report.html} (self-contained HTML; several runs
 * overlaid for {@code /q/bench/report.html?runs=id1,id2,..} and for a compare, one colour per model)
 * , {@code benchmark-data.json} (the earlier investigations' layout, one benchmark per run, sweep
 * step or compared model) and a run's {@code junit.xml} (its thresholds as test cases, for CI servers). Which one is the route's {@link ReportKind}.
 */
final class ReportHandler extends BenchHandler {

    private static final Runs RUNS = new Runs();
    private static final Compares COMPARES = new Compares();
    private static final Sweeps SWEEPS = new Sweeps();
    private static final FleetRuns FLEETS = new FleetRuns();
    private final ReportKind kind;

    ReportHandler(ReportKind kind) {
        this.kind = kind;
    }

    @Override
    void handle(RoutingContext rc, Bench bench) {
        if (!Replies.readOnly(rc)) {
            return;
        }
        String id = rc.pathParam("id");
        switch (kind) {
            case RUN_HTML, RUN_DATA -> found(rc, RUNS, bench, id).ifPresent(run -> {
                RunReport r = run.report();
                if (kind == ReportKind.RUN_HTML) {
                    Replies.html(rc, r.status().isTerminal() ? HtmlReport.run(r) : HtmlReport.live(r));
                } else {
                    data(rc, "Integration Performance", List.of(new BenchmarkData.Entry(r.target(),
                            "jwt-bench." + r.target() + "." + r.loadModel().tag(), r)));
                }
            });
            case RUN_JUNIT -> found(rc, RUNS, bench, id).ifPresent(run -> {
                RunReport r = run.report();
                if (!r.status().isTerminal()) {
                    Replies.json(rc, 409, Replies.error("run " + id + " is " + r.status(),
                            "junit.xml is written once the run has ended"));
                    return;
                }
                Replies.xml(rc, JUnitXml.of(r, run.spec().thresholds()));
            });
            case RUNS_HTML -> listed(rc, bench).ifPresent(runs -> Replies.html(rc,
                    HtmlReport.runs("Runs " + String.join(",", runs.stream().map(r -> r.report().id()).toList()), runs)));
            case RUNS_PROFILE_DIFF -> listed(rc, bench).ifPresent(runs -> {
                if (runs.size() != 2) {
                    Replies.json(rc, 400, Replies.error("runs", "give exactly two different runs: ?runs=baseline,other"));
                    return;
                }
                Replies.json(rc, 200, ProfileDiff.json(runs.get(0).label(), runs.get(0).report(), runs.get(1).label(),
                        runs.get(1).report()));
            });
            case SWEEP_HTML, SWEEP_DATA -> found(rc, SWEEPS, bench, id).ifPresent(sweep -> {
                SweepReport s = sweep.report();
                if (kind == ReportKind.SWEEP_HTML) {
                    Replies.html(rc, SweepHtml.of(s));
                    return;
                }
                List<BenchmarkData.Entry> entries = new ArrayList<>();
                for (SweepStep st : s.steps()) {
                    String name = s.spec().target() + "@" + st.report().loadModel().tag();
                    entries.add(new BenchmarkData.Entry(name, "jwt-bench.sweep." + s.id() + "." + name, st.report()));
                }
                data(rc, "Integration Performance (sweep)", entries);
            });
            case COMPARE_HTML, COMPARE_DATA -> found(rc, COMPARES, bench, id).ifPresent(c -> compare(rc, c));
            case FLEET_HTML -> found(rc, FLEETS, bench, id).ifPresent(f -> Replies.html(rc, FleetView.html(f.report())));
        }
    }

    /** A compare's page and export show each model's median round; its spread, rankings and steadiness beside it. */
    private void compare(RoutingContext rc, RunSeries<ComparePlan> c) {
        String target = c.steps().get(0).spec().target();
        CompareSummary summary = summary(c);
        if (kind == ReportKind.COMPARE_HTML) {
            List<HtmlReport.Labelled> runs = new ArrayList<>();
            List<String> notes = new ArrayList<>();
            summary.rankings().forEach(v -> notes.add("Verdict: " + v.text()));
            for (CompareSummary.ModelRow row : summary.rows()) {
                if (row.median() != null) {
                    runs.add(new HtmlReport.Labelled(row.model() + " (median of " + row.rounds().size() + ")",
                            row.median().report()));
                }
                row.notSteady().forEach(reason -> notes.add("Not steady: " + row.model() + " " + reason));
            }
            Replies.html(rc, HtmlReport.runs("Compare " + c.id() + " — " + target + ", "
                    + c.steps().get(0).spec().loadModel().tag() + " per model [" + c.status() + "]", runs, notes));
            return;
        }
        List<BenchmarkData.Entry> entries = new ArrayList<>();
        for (CompareSummary.ModelRow row : summary.rows()) {
            if (row.median() != null) {
                entries.add(new BenchmarkData.Entry(target + "@" + row.model(),
                        "jwt-bench.compare." + c.id() + "." + row.model(), row.median().report(),
                        Map.of("rounds", row.rounds().size(), "spread", CompareView.spreads(row))));
            }
        }
        Map<String, Object> data = BenchmarkData.of("Integration Performance (compare)", entries);
        data.put("rankings", CompareView.rankings(summary));
        data(rc, data);
    }

    private static CompareSummary summary(RunSeries<ComparePlan> c) {
        return CompareSummary.of(c.plan().models(), c.results());
    }

    /**
     * The runs of {@code ?runs=id1,id2,..}, labelled, each once; empty after answering 400 or 404. No more ids than
     * the history keeps runs: a longer list can only repeat them, and each costs a rendering.
     */
    private static Optional<List<HtmlReport.Labelled>> listed(RoutingContext rc, Bench bench) {
        String ids = rc.request().getParam("runs");
        if (ids == null || ids.isBlank()) {
            Replies.json(rc, 400, Replies.error("runs required", "give ?runs=id1,id2,.."));
            return Optional.empty();
        }
        Set<String> distinct = new LinkedHashSet<>();
        for (String id : ids.split(",", -1)) {
            distinct.add(id.trim());
            if (distinct.size() > Math.max(1, bench.config().historySize())) {
                Replies.json(rc, 400, Replies.error("too many runs", "?runs names at most " + Math.max(1, bench.config().historySize())
                        + " runs, the most the history keeps (quarkus.bench.history-size)"));
                return Optional.empty();
            }
        }
        List<HtmlReport.Labelled> runs = new ArrayList<>();
        for (String id : distinct) {
            Optional<Run> run = found(rc, RUNS, bench, id);
            if (run.isEmpty()) {
                return Optional.empty();
            }
            RunReport r = run.get().report();
            runs.add(new HtmlReport.Labelled(r.id() + " " + r.target() + " " + r.loadModel().tag(), r));
        }
        return Optional.of(runs);
    }

    /** The item, or empty after answering 404. */
    private static <T extends Started> Optional<T> found(RoutingContext rc, Subject<T> subject, Bench bench, String id) {
        Optional<T> item = subject.find(bench, id);
        if (item.isEmpty()) {
            Replies.notFound(rc, subject.noun, id);
        }
        return item;
    }

    private static void data(RoutingContext rc, String benchmarkType, List<BenchmarkData.Entry> entries) {
        data(rc, BenchmarkData.of(benchmarkType, entries));
    }

    private static void data(RoutingContext rc, Map<String, Object> data) {
        String text;
        try {
            text = Replies.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(data);
        } catch (JsonProcessingException e) {
            Replies.json(rc, 500, Replies.error("cannot render JSON", e.getMessage()));
            return;
        }
        rc.response().putHeader("Content-Type", "application/json")
                .putHeader("Content-Disposition", "inline; filename=\"benchmark-data.json\"").end(text);
    }
}
