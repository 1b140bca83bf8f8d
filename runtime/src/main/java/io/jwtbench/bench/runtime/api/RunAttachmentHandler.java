package io.jwtbench.bench.runtime.api;

import io.jwtbench.bench.runtime.engine.Bench;
import io.vertx.ext.web.RoutingContext;

/**
 * A file kept beside a run ({@code /q/bench/runs/{id}/<file>}): GET or HEAD (405 otherwise), 404 for an
 * unknown run; {@link #serve} answers for a known one.
 */
abstract class RunAttachmentHandler extends BenchHandler {

    @Override
    final void handle(RoutingContext rc, Bench bench) {
        if (!Replies.readOnly(rc)) {
            return;
        }
        String id = rc.pathParam("id");
        if (bench.findRun(id).isEmpty()) {
            Replies.notFound(rc, "run", id);
            return;
        }
        serve(rc, id);
    }

    /** Answers for the known run {@code id}: the file, or a 404 saying why there is none. */
    abstract void serve(RoutingContext rc, String id);
}
