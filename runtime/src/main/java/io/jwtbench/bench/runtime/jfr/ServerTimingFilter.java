package io.jwtbench.bench.runtime.jfr;

import io.jwtbench.bench.probe.Phases;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;

/**
 * The first filter of the application's router: while a recording enables {@link ServerRequestEvent}
 * (during a bench run with a breakdown), it times every request from here (the router got it: headers
 * parsed) to the end of its response, and commits one event with the named phases' total. Otherwise it
 * only reads one static flag and passes the request on.
 */
public final class ServerTimingFilter implements Handler<RoutingContext> {
    private static final ServerRequestEvent PROBE = new ServerRequestEvent();

    /** Tells {@link Phases} where the phases of the request being served go: its {@link RequestTiming}. */
    public ServerTimingFilter() {
        Phases.install(RequestTiming.PHASES);
    }

    @Override
    public void handle(RoutingContext rc) {
        if (!PROBE.isEnabled()) {
            rc.next();
            return;
        }
        long start = System.nanoTime();
        RequestTiming timing = new RequestTiming(start, rc.request().path());
        if (timing.bind()) {
            Context context = Vertx.currentContext();
            rc.addEndHandler(done -> {
                long nanos = System.nanoTime() - start;
                RequestTiming.unbind(context);
                ServerRequestEvent event = new ServerRequestEvent();
                event.method = rc.request().method().name();
                event.path = timing.path;
                event.status = rc.response().getStatusCode();
                event.nanos = nanos;
                event.phases(timing);
                event.commit();
            });
        }
        rc.next();
    }
}
