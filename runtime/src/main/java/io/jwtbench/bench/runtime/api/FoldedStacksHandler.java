package io.jwtbench.bench.runtime.api;

import java.util.Optional;

import io.jwtbench.bench.runtime.jfr.FoldedStacks;
import io.jwtbench.bench.runtime.jfr.ProfileExtension;
import io.quarkus.arc.Arc;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/runs/{id}/profile.folded}: the run's sampled stacks in the collapsed format
 * ({@code frame;frame;frame count} per line) that flamegraph.pl and speedscope read. 404 for unknown
 * runs and runs without a profile.
 */
final class FoldedStacksHandler extends RunAttachmentHandler {

    @Override
    void serve(RoutingContext rc, String id) {
        Optional<FoldedStacks> stacks = Arc.container().instance(ProfileExtension.class).get().folded(id);
        if (stacks.isEmpty()) {
            Replies.json(rc, 404, Replies.error("no profile",
                    "run " + id + " has no CPU profile (it needs \"breakdown\" and \"profile\" on, and a finished measurement)"));
            return;
        }
        rc.response().putHeader("Content-Type", "text/plain; charset=utf-8")
                .putHeader("Content-Disposition", "inline; filename=\"run-" + id + ".folded\"")
                .end(stacks.get().render());
    }
}
