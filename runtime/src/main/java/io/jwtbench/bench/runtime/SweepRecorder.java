package io.jwtbench.bench.runtime;

import io.jwtbench.bench.runtime.api.ReportHandler;
import io.jwtbench.bench.runtime.api.SweepHandler;
import io.jwtbench.bench.runtime.api.SweepsHandler;
import io.quarkus.runtime.annotations.Recorder;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/** Route handlers for sweeps and for the HTML / benchmark-data renderings (kept apart from BenchRecorder). */
@Recorder
public class SweepRecorder {

    /** {@code /q/bench/sweeps}: POST starts a sweep (needs the body), GET lists them. */
    public Handler<RoutingContext> sweepsHandler() {
        return new SweepsHandler();
    }

    /** {@code /q/bench/sweeps/:id}: GET one sweep, DELETE cancels it. */
    public Handler<RoutingContext> sweepHandler() {
        return new SweepHandler();
    }

    public Handler<RoutingContext> reportHandler(String kind) {
        return new ReportHandler(ReportHandler.Kind.valueOf(kind));
    }
}
