package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.plan.SweepSpec;
import io.jwtbench.bench.runtime.report.SweepJson;
import io.jwtbench.bench.runtime.report.SweepTable;
import io.jwtbench.bench.runtime.report.SeriesProgress;
import io.jwtbench.bench.runtime.sweep.Sweep;

/** {@code /q/bench/sweeps}: the same target at increasing load, one run per step, then the analysis. */
final class Sweeps extends Subject<Sweep> {

    Sweeps() {
        super("sweep", "invalid sweep spec", "{\"target\":\"health\",\"connections\":[10,25,50,100],\"duration\":\"5s\"}",
                sweep -> SweepJson.report(sweep.report()), sweep -> SweepTable.of(sweep.report()));
    }

    @Override
    Sweep start(Bench bench, JsonNode body) {
        return new Sweep(bench.startSweep(bench.sweepParser().parse(body)));
    }

    /** A second sweep is told a sweep holds the bench (a run start is told "run in progress"). */
    @Override
    String busyError(Bench bench, String holderId) {
        return find(bench, holderId).isPresent() ? "sweep in progress" : "run in progress";
    }

    /** Small: where the sweep is and the current step's live figures ({@link SeriesProgress}). */
    @Override
    Object progress(Sweep sweep) {
        return SeriesProgress.event(sweep.series());
    }

    @Override
    Optional<Sweep> find(Bench bench, String id) {
        return bench.findSeries(SweepSpec.class, id).map(Sweep::new);
    }

    @Override
    Object list(Bench bench) {
        return map("sweeps", bench.recentSeries(SweepSpec.class).stream().map(s -> SweepJson.summary(new Sweep(s).report()))
                .toList());
    }
}
