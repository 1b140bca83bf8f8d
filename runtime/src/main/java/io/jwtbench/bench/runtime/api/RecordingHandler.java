package io.jwtbench.bench.runtime.api;

import java.nio.file.Path;
import java.util.Optional;

import io.jwtbench.bench.runtime.jfr.JfrRuns;
import io.quarkus.arc.Arc;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/runs/{id}/recording.jfr}: the run's raw JFR recording, kept for runs started
 * with {@code "jfr": true} until the run leaves the history. 404 for unknown runs and runs without one.
 */
final class RecordingHandler extends RunAttachmentHandler {

    @Override
    void serve(RoutingContext rc, String id) {
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
