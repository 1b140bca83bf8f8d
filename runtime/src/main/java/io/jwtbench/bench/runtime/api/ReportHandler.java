package io.jwtbench.bench.runtime.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.engine.RunSeriesHistory;
import io.jwtbench.bench.runtime.report.BenchmarkData;
import io.jwtbench.bench.runtime.report.HtmlReport;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.sweep.Sweep;
import io.jwtbench.bench.runtime.sweep.SweepReport;
import io.jwtbench.bench.runtime.sweep.SweepStep;
import io.jwtbench.bench.runtime.sweep.Sweeps;
import io.quarkus.arc.Arc;
import io.vertx.ext.web.RoutingContext;

/**
 * Renderings for people and for other tools:
 * <ul>
 * <li>{@code GET /q/bench/runs/{id}/report.html}, {@code /q/bench/sweeps/{id}/report.html},
 * {@code /q/bench/compare/{id}/report.html}: self-contained HTML (a compare: one colour per model);</li>
 * <li>{@code GET /q/bench/report.html?runs=id1,id2,..}: several runs overlaid on one page (a comparison);</li>
 * <li>{@code GET /q/bench/runs/{id}/benchmark-data.json}, {@code /q/bench/sweeps/{id}/benchmark-data.json},
 * {@code /q/bench/compare/{id}/benchmark-data.json}: the earlier investigations' layout, one benchmark per
 * run, per sweep step or per compared model.</li>
 * </ul>
 */
public final class ReportHandler extends BenchHandler {

    public enum Kind {
        RUN_HTML,
        RUN_DATA,
        RUNS_HTML,
        SWEEP_HTML,
        SWEEP_DATA,
        COMPARE_HTML,
        COMPARE_DATA
    }

    private final Kind kind;

    public ReportHandler(Kind kind) {
        this.kind = kind;
    }

    @Override
    void handle(RoutingContext rc, LoadEngine engine) {
        switch (kind) {
            case RUN_HTML, RUN_DATA -> {
                Optional<Run> run = engine.find(rc.pathParam("id"));
                if (run.isEmpty()) {
                    Replies.json(rc, 404, Replies.error("no such run", "unknown id " + rc.pathParam("id")));
                    return;
                }
                RunReport r = run.get().report();
                if (kind == Kind.RUN_HTML) {
                    html(rc, HtmlReport.run(r));
                } else {
                    data(rc, BenchmarkData.of("Integration Performance",
                            List.of(new BenchmarkData.Entry(r.target(), "jwt-bench." + r.target() + "." + load(r), r))));
                }
            }
            case RUNS_HTML -> {
                String ids = rc.request().getParam("runs");
                if (ids == null || ids.isBlank()) {
                    Replies.json(rc, 400, Replies.error("runs required", "give ?runs=id1,id2,.."));
                    return;
                }
                List<HtmlReport.Labelled> runs = new ArrayList<>();
                for (String id : ids.split(",")) {
                    Optional<Run> run = engine.find(id.trim());
                    if (run.isEmpty()) {
                        Replies.json(rc, 404, Replies.error("no such run", "unknown id " + id.trim()));
                        return;
                    }
                    RunReport r = run.get().report();
                    runs.add(new HtmlReport.Labelled(r.id() + " " + r.target() + " " + load(r), r));
                }
                html(rc, HtmlReport.runs("Runs " + ids, runs));
            }
            case SWEEP_HTML, SWEEP_DATA -> {
                Optional<Sweep> sweep = Arc.container().instance(Sweeps.class).get().find(rc.pathParam("id"));
                if (sweep.isEmpty()) {
                    Replies.json(rc, 404, Replies.error("no such sweep", "unknown id " + rc.pathParam("id")));
                    return;
                }
                SweepReport s = sweep.get().report();
                if (kind == Kind.SWEEP_HTML) {
                    html(rc, HtmlReport.sweep(s));
                } else {
                    List<BenchmarkData.Entry> entries = new ArrayList<>();
                    for (SweepStep st : s.steps()) {
                        String name = s.spec().target() + "@" + load(st.report());
                        entries.add(new BenchmarkData.Entry(name, "jwt-bench.sweep." + s.id() + "." + name, st.report()));
                    }
                    data(rc, BenchmarkData.of("Integration Performance (sweep)", entries));
                }
            }
            case COMPARE_HTML, COMPARE_DATA -> {
                Optional<RunSeries> compare = Arc.container().instance(RunSeriesHistory.class).get()
                        .find(rc.pathParam("id")).filter(s -> s.kind().equals(CompareView.KIND));
                if (compare.isEmpty()) {
                    Replies.json(rc, 404, Replies.error("no such compare", "unknown id " + rc.pathParam("id")));
                    return;
                }
                RunSeries c = compare.get();
                String target = c.steps().get(0).spec().target();
                if (kind == Kind.COMPARE_HTML) {
                    List<HtmlReport.Labelled> runs = new ArrayList<>();
                    for (RunSeries.StepResult r : c.results()) {
                        runs.add(new HtmlReport.Labelled(r.label(), r.report()));
                    }
                    html(rc, HtmlReport.runs("Compare " + c.id() + " — " + target + ", " + load(c.steps().get(0).spec().echo())
                            + " per model [" + c.status() + "]", runs));
                } else {
                    List<BenchmarkData.Entry> entries = new ArrayList<>();
                    for (RunSeries.StepResult r : c.results()) {
                        String name = target + "@" + r.label();
                        entries.add(new BenchmarkData.Entry(name, "jwt-bench.compare." + c.id() + "." + r.label(), r.report()));
                    }
                    data(rc, BenchmarkData.of("Integration Performance (compare)", entries));
                }
            }
        }
    }

    /** "50c" (closed model) or "2000rps" (open model). */
    private static String load(RunReport r) {
        return load(r.spec());
    }

    private static String load(java.util.Map<String, Object> spec) {
        return spec.containsKey("rate") ? spec.get("rate") + "rps" : spec.get("connections") + "c";
    }

    private static void html(RoutingContext rc, String page) {
        if (!rc.response().ended()) {
            rc.response().putHeader("Content-Type", "text/html; charset=utf-8").end(page);
        }
    }

    private static void data(RoutingContext rc, Object body) {
        String text;
        try {
            text = Replies.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(body);
        } catch (JsonProcessingException e) {
            Replies.json(rc, 500, Replies.error("cannot render JSON", e.getMessage()));
            return;
        }
        rc.response().putHeader("Content-Type", "application/json")
                .putHeader("Content-Disposition", "inline; filename=\"benchmark-data.json\"").end(text);
    }
}
