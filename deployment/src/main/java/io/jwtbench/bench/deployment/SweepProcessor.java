package io.jwtbench.bench.deployment;

import io.jwtbench.bench.runtime.BenchRecorder;
import io.jwtbench.bench.runtime.SweepRecorder;
import io.jwtbench.bench.runtime.sweep.Sweeps;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.vertx.http.deployment.BodyHandlerBuildItem;
import io.quarkus.vertx.http.deployment.NonApplicationRootPathBuildItem;
import io.quarkus.vertx.http.deployment.RouteBuildItem;

/**
 * Sweeps and reports, beside {@link BenchProcessor}: the sweeps (run series of kind {@code sweep}), and the routes
 * {@code /q/bench/sweeps[/:id[/report.html|/benchmark-data.json]]},
 * {@code /q/bench/runs/:id/report.html}, {@code /q/bench/runs/:id/benchmark-data.json},
 * {@code /q/bench/compare/:id/report.html}, {@code /q/bench/compare/:id/benchmark-data.json} and
 * {@code /q/bench/report.html?runs=..}.
 */
class SweepProcessor {
    private static final String SWEEPS = "bench/sweeps";
    private static final String RUNS = "bench/runs";
    private static final String COMPARE = "bench/compare";

    @BuildStep
    AdditionalBeanBuildItem beans() {
        return AdditionalBeanBuildItem.builder().addBeanClasses(Sweeps.class).setUnremovable()
                .build();
    }

    @BuildStep
    @Record(ExecutionTime.RUNTIME_INIT)
    void routes(NonApplicationRootPathBuildItem paths, BodyHandlerBuildItem body, BenchRecorder bench,
            SweepRecorder recorder, BuildProducer<RouteBuildItem> routes) {
        routes.produce(paths.routeBuilder().management()
                .routeFunction(SWEEPS, bench.withBody(body.getHandler()))
                .handler(recorder.sweepsHandler())
                .blockingRoute() // a target's prepare() may be slow
                .displayOnNotFoundPage("Bench sweeps (POST to start one)")
                .build());
        routes.produce(paths.routeBuilder().management().route(SWEEPS + "/:id").handler(recorder.sweepHandler()).build());
        routes.produce(paths.routeBuilder().management().route(SWEEPS + "/:id/report.html")
                .handler(recorder.reportHandler("SWEEP_HTML")).blockingRoute().build());
        routes.produce(paths.routeBuilder().management().route(SWEEPS + "/:id/benchmark-data.json")
                .handler(recorder.reportHandler("SWEEP_DATA")).blockingRoute().build());
        routes.produce(paths.routeBuilder().management().route(RUNS + "/:id/report.html")
                .handler(recorder.reportHandler("RUN_HTML")).blockingRoute().build());
        routes.produce(paths.routeBuilder().management().route(RUNS + "/:id/benchmark-data.json")
                .handler(recorder.reportHandler("RUN_DATA")).blockingRoute().build());
        routes.produce(paths.routeBuilder().management().route(COMPARE + "/:id/report.html")
                .handler(recorder.reportHandler("COMPARE_HTML")).blockingRoute().build());
        routes.produce(paths.routeBuilder().management().route(COMPARE + "/:id/benchmark-data.json")
                .handler(recorder.reportHandler("COMPARE_DATA")).blockingRoute().build());
        routes.produce(paths.routeBuilder().management().route("bench/report.html")
                .handler(recorder.reportHandler("RUNS_HTML")).blockingRoute().build());
    }
}
