package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.report.RunJson;
import io.jwtbench.bench.runtime.report.RunText;
import io.vertx.ext.web.RoutingContext;

/** {@code /q/bench/runs}: one run of a spec. */
final class Runs implements Subject<Run> {

    @Override
    public String noun() {
        return "run";
    }

    @Override
    public String invalidError() {
        return "invalid run spec";
    }

    @Override
    public String example() {
        return "{\"target\":\"health\",\"connections\":10,\"duration\":\"10s\"}";
    }

    @Override
    public Run start(Bench bench, JsonNode body) {
        return bench.startRun(bench.runParser().parse(body), Bench.TRIGGER_API);
    }

    @Override
    public Optional<Run> find(Bench bench, String id) {
        return bench.findRun(id);
    }

    @Override
    public Object list(Bench bench) {
        return map("targets", bench.targets().values().stream()
                .map(t -> map("name", t.name(), "description", t.description())).toList(),
                "runs", bench.recentRuns().stream().map(r -> RunJson.summary(r.report())).toList());
    }

    @Override
    public String id(Run run) {
        return run.id();
    }

    @Override
    public CompletableFuture<?> finished(Run run) {
        return run.finished();
    }

    @Override
    public void cancel(Run run) {
        run.cancel();
    }

    @Override
    public void reply(RoutingContext rc, int status, Run run) {
        if (Replies.wantsText(rc)) {
            Replies.text(rc, status, RunText.of(run.report()));
        } else {
            Replies.json(rc, status, RunJson.report(run.report()));
        }
    }
}
