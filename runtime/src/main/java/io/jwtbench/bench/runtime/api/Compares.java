package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.plan.ComparePlan;
import io.jwtbench.bench.runtime.report.CompareView;
import io.jwtbench.bench.runtime.report.SeriesProgress;

/**
 * {@code /q/bench/compare}: one run per model, back to back; a bad model is a 400 naming
 * {@code models}, a bad spec field {@code spec.<field>}.
 */
final class Compares extends Subject<RunSeries<ComparePlan>> {

    Compares() {
        super("compare", "invalid compare spec",
                "{\"spec\":{\"target\":\"jwt\",\"connections\":10},\"models\":[\"event-loop\",\"virtual\"]}",
                CompareView::json, CompareView::text);
    }

    @Override
    RunSeries<ComparePlan> start(Bench bench, JsonNode body) {
        return bench.startCompare(bench.compareParser().parse(body));
    }

    /** Small: where the compare is and the current run's live figures ({@link SeriesProgress}). */
    @Override
    Object progress(RunSeries<ComparePlan> series) {
        return SeriesProgress.event(series);
    }

    @Override
    Optional<RunSeries<ComparePlan>> find(Bench bench, String id) {
        return bench.findSeries(ComparePlan.class, id);
    }

    @Override
    Object list(Bench bench) {
        return map("compares", bench.recentSeries(ComparePlan.class).stream().map(CompareView::summary).toList());
    }
}
