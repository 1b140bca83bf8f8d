package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.engine.Baselines;
import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.fleet.FleetToken;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.report.RunText;
import io.vertx.ext.web.RoutingContext;

/** {@code /q/bench/runs}: one run of a spec. */
final class Runs extends Subject<Run> {

    Runs() {
        super("run", "invalid run spec", "{\"target\":\"health\",\"connections\":10,\"duration\":\"10s\"}",
                run -> RunReportJson.write(run.report()), run -> RunText.of(run.report()));
    }

    @Override
    Run start(Bench bench, JsonNode body) {
        return bench.startRun(bench.parseRun(body, Bench.TRIGGER_API));
    }

    /**
     * On a fleet token ({@link BenchAuthorizer#FLEET}), what a coordinator sends its pods and nothing more: the
     * fleet's one run, without a baseline; the run's {@code trigger} names the fleet, whose token alone may then
     * read or cancel it.
     */
    @Override
    Run start(Bench bench, JsonNode body, RoutingContext rc) {
        String fleet = rc.get(BenchAuthorizer.FLEET);
        if (fleet == null) {
            return start(bench, body);
        }
        if (body.isObject() && (body.has(Baselines.FIELD) || body.has(Baselines.TOLERANCE))) {
            throw new SpecException(Baselines.FIELD, "a fleet token starts its fleet's run, which has no baseline:"
                    + " hold the merged run against one with POST /q/bench/regression");
        }
        bench.recentRuns().stream().filter(r -> fleetTrigger(fleet).equals(r.report().sections().trigger())).findFirst()
                .ifPresent(r -> {
                    throw new SpecException(FleetToken.HEADER, "fleet " + fleet + " already started its run here: " + r.id());
                });
        return bench.startRun(bench.parseRun(body, fleetTrigger(fleet)));
    }

    /** The {@code trigger} of a run a fleet's token started: {@code fleet <id>}. */
    static String fleetTrigger(String fleet) {
        return "fleet " + fleet;
    }

    /** A run's spec may carry its baseline, a whole run report. */
    @Override
    int reports() {
        return 1;
    }

    /** Elapsed, requests, current req/s, last-second p50/p99, errors: small enough for one event a second. */
    @Override
    Object progress(Run run) {
        return RunReportJson.progressEvent(run.report());
    }

    @Override
    Optional<Run> find(Bench bench, String id) {
        return bench.findRun(id);
    }

    /** The targets, then the recent runs. */
    @Override
    Object list(Bench bench) {
        return map("targets", bench.targets().values().stream()
                .map(t -> map("name", t.name(), "description", t.description())).toList(),
                "runs", bench.recentRuns().stream().map(r -> RunReportJson.summary(r.report())).toList());
    }
}
