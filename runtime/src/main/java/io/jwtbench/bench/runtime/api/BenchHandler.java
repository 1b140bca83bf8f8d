package io.jwtbench.bench.runtime.api;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.engine.Bench;
import io.quarkus.arc.Arc;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * What every bench route does first: refuse a request {@link BenchAuthorizer} did not pass (fail
 * closed, should a route ever be registered without it), answer like an absent route (404) when the
 * bench is disabled, and turn an unexpected exception into a JSON 500 instead of a half-written answer.
 */
abstract class BenchHandler implements Handler<RoutingContext> {
    private static final Logger LOG = Logger.getLogger(BenchHandler.class);
    private volatile Bench bench;

    @Override
    public final void handle(RoutingContext rc) {
        if (rc.get(BenchAuthorizer.PASSED) != Boolean.TRUE) {
            Replies.json(rc, 403, Replies.error("forbidden", "the request was not authorized"));
            return;
        }
        Bench b = bench();
        if (!b.config().enabled()) {
            rc.fail(404); // Quarkus' ordinary not-found answer, as if the route did not exist
            return;
        }
        try {
            handle(rc, b);
        } catch (RuntimeException ex) {
            LOG.errorf(ex, "bench endpoint %s %s failed", rc.request().method(), rc.request().path());
            Replies.json(rc, 500, Replies.error("internal error", ex.toString()));
        }
    }

    abstract void handle(RoutingContext rc, Bench bench);

    private Bench bench() {
        Bench b = bench;
        if (b == null) {
            bench = b = Arc.container().instance(Bench.class).get();
        }
        return b;
    }
}
