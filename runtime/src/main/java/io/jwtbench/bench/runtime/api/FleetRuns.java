package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.fleet.Fleet;
import io.jwtbench.bench.runtime.fleet.Fleets;
import io.jwtbench.bench.runtime.report.FleetView;
import io.quarkus.arc.Arc;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code /q/bench/fleet}: the same run on every pod at the same moment, merged. The caller's
 * {@code Authorization} header goes to every pod as is: each pod authorizes its own run.
 */
final class FleetRuns extends Subject<Fleet> {

    FleetRuns() {
        super("fleet run", "invalid fleet spec", "{\"target\":\"health\",\"connections\":10,\"duration\":\"10s\"}",
                fleet -> FleetView.json(fleet.report()), fleet -> FleetView.text(fleet.report()));
    }

    @Override
    Fleet start(Bench bench, JsonNode body, RoutingContext rc) {
        return fleets().start(body, rc.request().getHeader("Authorization"));
    }

    /** Never called: CollectionHandler starts subjects with the request (above), and nothing else starts a fleet. */
    @Override
    Fleet start(Bench bench, JsonNode body) {
        throw new UnsupportedOperationException("a fleet run forwards the caller's Authorization: start it with the request");
    }

    /** What the pods report of their runs while they go on, and the sums that add up ({@link FleetView#progressEvent}). */
    @Override
    Object progress(Fleet fleet) {
        return FleetView.progressEvent(fleet.report());
    }

    @Override
    String busyError(Bench bench, String holderId) {
        return "fleet run in progress";
    }

    @Override
    Optional<Fleet> find(Bench bench, String id) {
        return fleets().find(id);
    }

    @Override
    Object list(Bench bench) {
        return map("fleet", fleets().recent().stream().map(f -> FleetView.summary(f.report())).toList());
    }

    private static Fleets fleets() {
        return Arc.container().instance(Fleets.class).get();
    }
}
