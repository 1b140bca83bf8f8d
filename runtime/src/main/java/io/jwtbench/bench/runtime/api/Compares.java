package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.report.CompareView;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code /q/bench/compare}: one run per model, back to back; a bad model is a 400 naming
 * {@code models}, a bad spec field {@code spec.<field>}.
 */
final class Compares implements Subject<RunSeries> {

    @Override
    public String noun() {
        return "compare";
    }

    @Override
    public String invalidError() {
        return "invalid run spec";
    }

    @Override
    public String example() {
        return "{\"spec\":{\"target\":\"jwt\",\"connections\":10},\"models\":[\"event-loop\",\"virtual\"]}";
    }

    @Override
    public RunSeries start(Bench bench, JsonNode body) {
        return bench.startCompare(bench.compareParser().parse(body));
    }

    @Override
    public Optional<RunSeries> find(Bench bench, String id) {
        return bench.findSeries(Bench.COMPARE, id);
    }

    @Override
    public Object list(Bench bench) {
        return map("compares", bench.recentSeries(Bench.COMPARE).stream().map(CompareView::summary).toList());
    }

    @Override
    public String id(RunSeries compare) {
        return compare.id();
    }

    @Override
    public CompletableFuture<?> finished(RunSeries compare) {
        return compare.finished();
    }

    @Override
    public void cancel(RunSeries compare) {
        compare.cancel();
    }

    @Override
    public void reply(RoutingContext rc, int status, RunSeries compare) {
        if (Replies.wantsText(rc)) {
            Replies.text(rc, status, CompareView.text(compare));
        } else {
            Replies.json(rc, status, CompareView.json(compare));
        }
    }
}
