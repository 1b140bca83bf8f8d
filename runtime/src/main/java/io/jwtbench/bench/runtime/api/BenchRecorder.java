package io.jwtbench.bench.runtime.api;

import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.jwtbench.bench.runtime.jfr.ServerTimingFilter;
import io.jwtbench.bench.runtime.targets.HealthTarget;
import io.quarkus.runtime.annotations.Recorder;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;

/** Hands the build steps every runtime object they register: route handlers, the timing filter, the health target. */
@Recorder
public class BenchRecorder {

    /** {@code /q/bench/runs}: POST starts a run (needs the body), GET lists runs. */
    public Handler<RoutingContext> runs() {
        return new CollectionHandler<>(new Runs());
    }

    /** {@code /q/bench/runs/:id}: GET one run, DELETE cancels it. */
    public Handler<RoutingContext> run() {
        return new ItemHandler<>(new Runs());
    }

    /** {@code /q/bench/compare}: POST starts a compare (one run per model), GET lists them. */
    public Handler<RoutingContext> compares() {
        return new CollectionHandler<>(new Compares());
    }

    /** {@code /q/bench/compare/:id}: GET the table, DELETE cancels the remaining models. */
    public Handler<RoutingContext> compare() {
        return new ItemHandler<>(new Compares());
    }

    /** {@code /q/bench/sweeps}: POST starts a sweep (needs the body), GET lists them. */
    public Handler<RoutingContext> sweeps() {
        return new CollectionHandler<>(new Sweeps());
    }

    /** {@code /q/bench/sweeps/:id}: GET one sweep, DELETE cancels it. */
    public Handler<RoutingContext> sweep() {
        return new ItemHandler<>(new Sweeps());
    }

    /** {@code /q/bench/fleet}: POST starts the run on every pod at once, GET lists fleet runs. */
    public Handler<RoutingContext> fleets() {
        return new CollectionHandler<>(new FleetRuns());
    }

    /** {@code /q/bench/fleet/:id}: GET one fleet run (a row per pod, the merged run), DELETE cancels it on every pod. */
    public Handler<RoutingContext> fleet() {
        return new ItemHandler<>(new FleetRuns());
    }

    /** {@code /q/bench/runs/:id/events}: live progress as Server-Sent Events. */
    public Handler<RoutingContext> runEvents() {
        return new EventsHandler<>(new Runs());
    }

    /** {@code /q/bench/compare/:id/events}. */
    public Handler<RoutingContext> compareEvents() {
        return new EventsHandler<>(new Compares());
    }

    /** {@code /q/bench/sweeps/:id/events}. */
    public Handler<RoutingContext> sweepEvents() {
        return new EventsHandler<>(new Sweeps());
    }

    /** {@code /q/bench/fleet/:id/events}: the pods' live figures, then the merged run. */
    public Handler<RoutingContext> fleetEvents() {
        return new EventsHandler<>(new FleetRuns());
    }

    /** {@code /q/bench/regression}: POST two finished runs, get the regression of one against the other. */
    public Handler<RoutingContext> regression() {
        return new RegressionHandler();
    }

    /** A renamed route: {@code 308} to {@code to}, the new last segment of its path, beside it. */
    public Handler<RoutingContext> moved(String to) {
        return new MovedHandler(to);
    }

    /** {@code /q/bench/runs/:id/histogram}: the .hgrm percentile distribution. */
    public Handler<RoutingContext> histogram() {
        return new HistogramHandler();
    }

    /** {@code /q/bench/runs/:id/hyperfoil.yaml}: the run's load as a Hyperfoil benchmark. */
    public Handler<RoutingContext> hyperfoil() {
        return new HyperfoilHandler();
    }

    /** {@code /q/bench/runs/:id/recording.jfr}. */
    public Handler<RoutingContext> recording() {
        return new RecordingHandler();
    }

    /** {@code /q/bench/runs/:id/profile.folded}. */
    public Handler<RoutingContext> foldedStacks() {
        return new FoldedStacksHandler();
    }

    /** The HTML and benchmark-data.json renderings. */
    public Handler<RoutingContext> report(ReportKind kind) {
        return new ReportHandler(kind);
    }

    /** Times every request of the application's router while a breakdown records. */
    public Handler<RoutingContext> serverTimingFilter() {
        return new ServerTimingFilter();
    }

    /** The first handler of a route: the caller needs the bench role ({@link BenchAuthorizer}). */
    public Consumer<Route> guarded() {
        return route -> route.handler(new BenchAuthorizer(false)).handler(BodyLimit.declared());
    }

    /** The first handler of {@code /q/bench/runs/:id}: the role, or a fleet coordinator's token ({@code quarkus.bench.fleet.token-secret}). */
    public Consumer<Route> guardedFleetRoute() {
        return route -> route.handler(new BenchAuthorizer(false, Set.of(HttpMethod.GET, HttpMethod.DELETE)))
                .handler(BodyLimit.declared());
    }

    /** {@link #guardedWithBody} for {@code POST /q/bench/runs} (a spec and a baseline report): the role, or a fleet coordinator's token. */
    public Consumer<Route> guardedFleetRouteWithBody(Handler<RoutingContext> bodyHandler) {
        return route -> route.handler(new BenchAuthorizer(false, Set.of(HttpMethod.POST))).handler(BodyLimit.declared(1))
                .handler(bodyHandler)
                .handler(BodyLimit.afterRead(1));
    }

    /** The first handler of the recording route: the role is needed even with public reads. */
    public Consumer<Route> guardedRecording() {
        return route -> route.handler(new BenchAuthorizer(true)).handler(BodyLimit.declared());
    }

    /**
     * Authorizes, then reads the request body before the handler runs (POSTed specs): no body is read
     * for a refused caller, nor one that is not JSON, nor one larger than the route's limit says it is.
     *
     * @param reports the run reports the body carries: 0 for a spec ({@code quarkus.bench.max-spec-size}), 2 for a
     *                verdict (twice {@code quarkus.bench.max-body-size})
     */
    public Consumer<Route> guardedWithBody(Handler<RoutingContext> bodyHandler, int reports) {
        return route -> route.handler(new BenchAuthorizer(false)).handler(BodyLimit.declared(reports)).handler(bodyHandler)
                .handler(BodyLimit.afterRead(reports));
    }

    public Supplier<HealthTarget> healthTarget(String path, boolean managementInterface) {
        return () -> new HealthTarget(path, managementInterface);
    }
}
