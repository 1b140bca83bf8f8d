package io.jwtbench.bench.runtime;

import java.util.function.Consumer;
import java.util.function.Supplier;

import io.jwtbench.bench.runtime.api.HistogramHandler;
import io.jwtbench.bench.runtime.api.RunHandler;
import io.jwtbench.bench.runtime.api.RunsHandler;
import io.jwtbench.bench.runtime.target.HealthTarget;
import io.quarkus.runtime.annotations.Recorder;
import io.vertx.core.Handler;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;

/** Hands the build steps the runtime objects: route handlers and the built-in health target. */
@Recorder
public class BenchRecorder {

    /** {@code /q/bench/runs}: POST starts a run (needs the body), GET lists runs. */
    public Handler<RoutingContext> runsHandler() {
        return new RunsHandler();
    }

    /** {@code /q/bench/runs/:id}: GET one run, DELETE cancels it. */
    public Handler<RoutingContext> runHandler() {
        return new RunHandler();
    }

    /** {@code /q/bench/runs/:id/histogram}: the .hgrm percentile distribution. */
    public Handler<RoutingContext> histogramHandler() {
        return new HistogramHandler();
    }

    /** {@code /q/bench/compare}: POST starts a compare (one run per model), GET lists them. */
    public Handler<RoutingContext> compareHandler() {
        return new io.jwtbench.bench.runtime.api.CompareHandler();
    }

    /** {@code /q/bench/compare/:id}: GET the table, DELETE cancels the remaining models. */
    public Handler<RoutingContext> compareRunHandler() {
        return new io.jwtbench.bench.runtime.api.CompareRunHandler();
    }

    /** Reads the request body before the handler runs (POSTed run specs). */
    public Consumer<Route> withBody(Handler<RoutingContext> bodyHandler) {
        return route -> route.handler(bodyHandler);
    }

    public Supplier<HealthTarget> healthTarget(String path, boolean managementInterface) {
        return () -> new HealthTarget(path, managementInterface);
    }
}
