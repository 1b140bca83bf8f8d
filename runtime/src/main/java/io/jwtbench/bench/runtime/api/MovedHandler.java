package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * A route that was renamed: {@code 308 Permanent Redirect} to its new name beside it (same method, same body: a
 * client that follows redirects keeps working), with a JSON body that names the new route for one that does not.
 */
final class MovedHandler implements Handler<RoutingContext> {
    private final String to;

    /** @param to the new last path segment, e.g. {@code regression} for {@code /q/bench/verdict} */
    MovedHandler(String to) {
        this.to = to;
    }

    @Override
    public void handle(RoutingContext rc) {
        String path = rc.request().path();
        String location = path.substring(0, path.lastIndexOf('/') + 1) + to;
        rc.response().putHeader("Location", location);
        Replies.json(rc, 308, map("error", "moved", "location", location, "reason",
                "this route is now " + rc.request().method() + " " + location + "; the old name will go"));
    }
}
