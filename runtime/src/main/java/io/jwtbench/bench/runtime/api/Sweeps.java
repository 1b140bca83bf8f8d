package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.report.SweepJson;
import io.jwtbench.bench.runtime.report.SweepTable;
import io.jwtbench.bench.runtime.sweep.Sweep;
import io.vertx.ext.web.RoutingContext;

/** {@code /q/bench/sweeps}: the same target at increasing load, one run per step, then the analysis. */
final class Sweeps implements Subject<Sweep> {

    @Override
    public String noun() {
        return "sweep";
    }

    @Override
    public String invalidError() {
        return "invalid sweep spec";
    }

    @Override
    public String example() {
        return "{\"target\":\"health\",\"connections\":[10,25,50,100],\"duration\":\"5s\"}";
    }

    @Override
    public Sweep start(Bench bench, JsonNode body) {
        return new Sweep(bench.startSweep(bench.sweepParser().parse(body)));
    }

    /** A second sweep is told a sweep holds the bench (a run start is told "run in progress"). */
    @Override
    public String busyError(Bench bench, String holderId) {
        return find(bench, holderId).isPresent() ? "sweep in progress" : "run in progress";
    }

    @Override
    public Optional<Sweep> find(Bench bench, String id) {
        return bench.findSeries(Bench.SWEEP, id).map(Sweep::new);
    }

    @Override
    public Object list(Bench bench) {
        return map("sweeps", bench.recentSeries(Bench.SWEEP).stream().map(s -> SweepJson.summary(new Sweep(s).report()))
                .toList());
    }

    @Override
    public String id(Sweep sweep) {
        return sweep.id();
    }

    @Override
    public CompletableFuture<?> finished(Sweep sweep) {
        return sweep.finished();
    }

    @Override
    public void cancel(Sweep sweep) {
        sweep.cancel();
    }

    @Override
    public void reply(RoutingContext rc, int status, Sweep sweep) {
        if (Replies.wantsText(rc)) {
            Replies.text(rc, status, SweepTable.of(sweep.report()));
        } else {
            Replies.json(rc, status, SweepJson.report(sweep.report()));
        }
    }
}
