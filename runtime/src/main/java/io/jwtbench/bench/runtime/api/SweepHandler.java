package io.jwtbench.bench.runtime.api;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.report.SweepTable;
import io.jwtbench.bench.runtime.sweep.Sweep;
import io.jwtbench.bench.runtime.sweep.Sweeps;
import io.quarkus.arc.Arc;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/sweeps/{id}}: the sweep's report (JSON, or the text table for
 * {@code Accept: text/plain}). {@code DELETE}: cancels it (the running step is cancelled too) and
 * answers with the final report (200), or the current one (202) if it has not stopped within 5 s.
 */
public final class SweepHandler extends BenchHandler {

    @Override
    void handle(RoutingContext rc, LoadEngine engine) {
        Optional<Sweep> found = Arc.container().instance(Sweeps.class).get().find(rc.pathParam("id"));
        if (found.isEmpty()) {
            Replies.json(rc, 404, Replies.error("no such sweep", "unknown id " + rc.pathParam("id")));
            return;
        }
        Sweep sweep = found.get();
        if (rc.request().method() == HttpMethod.GET) {
            String accept = rc.request().getHeader("Accept");
            if (accept != null && accept.contains("text/plain") && !accept.contains("application/json")) {
                Replies.text(rc, 200, SweepTable.of(sweep.report()));
            } else {
                Replies.json(rc, 200, SweepJson.report(sweep.report()));
            }
        } else if (rc.request().method() == HttpMethod.DELETE) {
            sweep.cancel();
            Context context = Vertx.currentContext();
            sweep.finished().orTimeout(5, TimeUnit.SECONDS).whenComplete((report, timedOut) -> Replies.later(rc,
                    context, () -> Replies.json(rc, timedOut == null ? 200 : 202, SweepJson.report(sweep.report()))));
        } else {
            rc.response().putHeader("Allow", "GET, DELETE");
            Replies.json(rc, 405, Replies.error("method not allowed", "use GET or DELETE"));
        }
    }
}
