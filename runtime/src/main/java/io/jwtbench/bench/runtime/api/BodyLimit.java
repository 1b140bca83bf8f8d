package io.jwtbench.bench.runtime.api;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.engine.Bench;
import io.quarkus.arc.Arc;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code quarkus.bench.max-body-size} on every bench route: a request whose {@code Content-Length}
 * is larger is answered 413 (JSON naming the limit) before its body is read, and the connection is
 * closed. Placed after the body handler ({@link #afterRead()}), it refuses a body read without a
 * {@code Content-Length} (chunked) that turned out larger.
 */
final class BodyLimit implements Handler<RoutingContext> {
    static final String PROPERTY = "quarkus.bench.max-body-size";
    private final boolean afterRead;
    private volatile BenchConfig config;

    private BodyLimit(boolean afterRead) {
        this.afterRead = afterRead;
    }

    /** Checks the declared {@code Content-Length}. */
    static BodyLimit declared() {
        return new BodyLimit(false);
    }

    /** Checks the body as read. */
    static BodyLimit afterRead() {
        return new BodyLimit(true);
    }

    @Override
    public void handle(RoutingContext rc) {
        BenchConfig c = config();
        if (!c.enabled()) { // answered 404 further on, like an absent route
            rc.next();
            return;
        }
        long max = c.maxBodySize().asLongValue();
        long size = afterRead ? (rc.body() == null || rc.body().buffer() == null ? 0 : rc.body().length()) : declared(rc);
        if (size > max) {
            if (rc.request().version() != HttpVersion.HTTP_2) { // HTTP/2 forbids the header; its streams end on their own
                rc.response().putHeader("Connection", "close");
            }
            Replies.json(rc, 413, Replies.error("request body too large",
                    size + " bytes; a bench request body is at most " + max + " bytes (" + PROPERTY + ")"));
            return;
        }
        rc.next();
    }

    private static long declared(RoutingContext rc) {
        String length = rc.request().getHeader("Content-Length");
        if (length == null) {
            return 0;
        }
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE; // Vert.x refuses such a request itself; never read it here
        }
    }

    private BenchConfig config() {
        BenchConfig c = config;
        if (c == null) {
            config = c = Arc.container().instance(Bench.class).get().config();
        }
        return c;
    }
}
