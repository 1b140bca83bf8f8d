package io.jwtbench.bench.runtime.api;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.Run;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/runs/{id}}: the run's latest report (JSON, or a wrk-like summary for
 * {@code Accept: text/plain}). {@code DELETE}: cancels it and answers with its final report (200),
 * or with the current one (202) if it has not finished within 5 seconds.
 */
public final class RunHandler extends BenchHandler {

    @Override
    void handle(RoutingContext rc, LoadEngine engine) {
        Optional<Run> found = engine.find(rc.pathParam("id"));
        if (found.isEmpty()) {
            Replies.json(rc, 404, Replies.error("no such run", "unknown id " + rc.pathParam("id")));
            return;
        }
        Run run = found.get();
        if (rc.request().method() == HttpMethod.GET) {
            if (wantsText(rc)) {
                Replies.text(rc, 200, TextSummary.of(run.report()));
            } else {
                Replies.json(rc, 200, JsonView.report(run.report()));
            }
        } else if (rc.request().method() == HttpMethod.DELETE) {
            run.cancel();
            Context context = Vertx.currentContext();
            run.finished().orTimeout(5, TimeUnit.SECONDS).whenComplete((report, timedOut) -> Replies.later(rc,
                    context, () -> Replies.json(rc, timedOut == null ? 200 : 202, JsonView.report(run.report()))));
        } else {
            rc.response().putHeader("Allow", "GET, DELETE");
            Replies.json(rc, 405, Replies.error("method not allowed", "use GET or DELETE"));
        }
    }

    private static boolean wantsText(RoutingContext rc) {
        String accept = rc.request().getHeader("Accept");
        return accept != null && accept.contains("text/plain") && !accept.contains("application/json");
    }
}
