package io.jwtbench.bench.runtime.api;

import java.nio.file.Path;
import java.util.Optional;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.jfr.JfrRuns;
import io.quarkus.arc.Arc;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/runs/{id}/recording.jfr}: the run's raw JFR recording, kept for runs started
 * with {@code "jfr": true} until the run leaves the history. 404 for unknown runs and runs without one.
 */
public final class RecordingHandler extends BenchHandler {

    @Override
    void handle(RoutingContext rc, LoadEngine engine) {
        if (rc.request().method() != HttpMethod.GET) {
            rc.response().putHeader("Allow", "GET");
            Replies.json(rc, 405, Replies.error("method not allowed", "use GET"));
            return;
        }
        String id = rc.pathParam("id");
        if (engine.find(id).isEmpty()) {
            Replies.json(rc, 404, Replies.error("no such run", "unknown id " + id));
            return;
        }
        Optional<Path> file = Arc.container().instance(JfrRuns.class).get().recording(id);
        if (file.isEmpty()) {
            Replies.json(rc, 404, Replies.error("no recording",
                    "run " + id + " kept no JFR recording (start it with \"jfr\": true)"));
            return;
        }
        rc.response().putHeader("Content-Type", "application/octet-stream")
                .putHeader("Content-Disposition", "attachment; filename=\"run-" + id + ".jfr\"")
                .sendFile(file.get().toString());
    }
}
