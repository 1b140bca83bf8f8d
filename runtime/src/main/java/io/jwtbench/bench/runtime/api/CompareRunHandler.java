package io.jwtbench.bench.runtime.api;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.engine.RunSeriesHistory;
import io.quarkus.arc.Arc;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/compare/{id}}: the side-by-side table so far (JSON, or plain text for
 * {@code Accept: text/plain}). {@code DELETE}: cancels the current model's run and skips the rest;
 * 200 once stopped, 202 if not within 5 s.
 */
public final class CompareRunHandler extends BenchHandler {

    @Override
    void handle(RoutingContext rc, LoadEngine engine) {
        RunSeriesHistory history = Arc.container().instance(RunSeriesHistory.class).get();
        Optional<RunSeries> found = history.find(rc.pathParam("id")).filter(s -> s.kind().equals(CompareView.KIND));
        if (found.isEmpty()) {
            Replies.json(rc, 404, Replies.error("no such compare", "unknown id " + rc.pathParam("id")));
            return;
        }
        RunSeries series = found.get();
        if (rc.request().method() == HttpMethod.GET) {
            reply(rc, 200, series);
        } else if (rc.request().method() == HttpMethod.DELETE) {
            series.cancel();
            Context context = Vertx.currentContext();
            series.finished().orTimeout(5, TimeUnit.SECONDS).whenComplete((s, timedOut) -> Replies.later(rc, context,
                    () -> reply(rc, timedOut == null ? 200 : 202, series)));
        } else {
            rc.response().putHeader("Allow", "GET, DELETE");
            Replies.json(rc, 405, Replies.error("method not allowed", "use GET or DELETE"));
        }
    }

    static void reply(RoutingContext rc, int status, RunSeries series) {
        String accept = rc.request().getHeader("Accept");
        if (accept != null && accept.contains("text/plain") && !accept.contains("application/json")) {
            Replies.text(rc, status, CompareView.text(series));
        } else {
            Replies.json(rc, status, CompareView.json(series));
        }
    }
}
