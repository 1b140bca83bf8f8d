package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.report.SeriesProgress;
import io.jwtbench.bench.runtime.report.CompareView;

/**
 * {@code /q/bench/compare}: one run per model, back to back; a bad model is a 400 naming
 * {@code models}, a bad spec field {@code spec.<field>}.
 */
final class Compares extends Subject<RunSeries> {

    Compares() {
        super("compare", "invalid run spec",
                "{\"spec\":{\"target\":\"jwt\",\"connections\":10},\"models\":[\"event-loop\",\"virtual\"]}",
                CompareView::json, CompareView::text);
    }

    @Override
    RunSeries start(Bench bench, JsonNode body) {
        return bench.startCompare(bench.compareParser().parse(body));
    }

    /** Small: where the compare is and the current run's live figures ({@link SeriesProgress}). */
    @Override
    Object progress(RunSeries series) {
        return SeriesProgress.event(series);
    }

    @Override
    Optional<RunSeries> find(Bench bench, String id) {
        return bench.findSeries(Bench.COMPARE, id);
    }

    @Override
    Object list(Bench bench) {
        return map("compares", bench.recentSeries(Bench.COMPARE).stream().map(CompareView::summary).toList());
    }
}
