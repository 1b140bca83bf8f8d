package io.jwtbench.bench.runtime.api;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.engine.Bench;
import io.quarkus.arc.Arc;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * What a bench route's request body may be, by route: a route that takes a spec only at most
 * {@code quarkus.bench.max-spec-size} (64K), {@code POST /q/bench/runs} (a spec and its baseline report)
 * {@code quarkus.bench.max-body-size} (1M), {@code POST /q/bench/regression} (two reports) twice that. A
 * request whose {@code Content-Length} is larger is answered 413 (JSON naming the limit) before its body
 * is read, and the connection is closed. Placed after the body handler ({@link #afterRead}), it refuses a
 * body read without a {@code Content-Length} (chunked) that turned out larger. A {@code POST} whose body
 * is not {@code application/json} is answered 415 before it is read: a form or a {@code text/plain} body
 * is what a web page of any site may send without asking, JSON is not.
 */
final class BodyLimit implements Handler<RoutingContext> {
    static final String PROPERTY = "quarkus.bench.max-body-size";
    static final String SPEC_PROPERTY = "quarkus.bench.max-spec-size";
    static final String JSON = "application/json";
    private final boolean afterRead;
    /** Run reports the route's body carries: 0 (a spec, or no body at all), 1 (a spec and its baseline), 2 (a verdict's). */
    private final int reports;
    /** Whether the route reads a POSTed body: then it must be JSON. */
    private final boolean posted;
    private volatile BenchConfig config;

    private BodyLimit(boolean afterRead, int reports, boolean posted) {
        this.afterRead = afterRead;
        this.reports = reports;
        this.posted = posted;
    }

    /** Checks the declared {@code Content-Length} of a route that reads no body: a spec's limit. */
    static BodyLimit declared() {
        return new BodyLimit(false, 0, false);
    }

    /** Checks the declared {@code Content-Length} and type of a POST route whose body carries {@code reports} run reports. */
    static BodyLimit declared(int reports) {
        return new BodyLimit(false, reports, true);
    }

    /** Checks the body as read. */
    static BodyLimit afterRead(int reports) {
        return new BodyLimit(true, reports, true);
    }

    @Override
    public void handle(RoutingContext rc) {
        BenchConfig c = config();
        if (!c.enabled()) { // answered 404 further on, like an absent route
            rc.next();
            return;
        }
        if (posted && !afterRead && rc.request().method() == HttpMethod.POST && !json(rc.request().getHeader("Content-Type"))) {
            Replies.json(rc, 415, Replies.error("unsupported media type", "a bench request body is JSON: send it with"
                    + " Content-Type: application/json, not " + describe(rc.request().getHeader("Content-Type"))));
            return;
        }
        long max = max(c, reports);
        long size = afterRead ? (rc.body() == null || rc.body().buffer() == null ? 0 : rc.body().length()) : declared(rc);
        if (size > max) {
            if (rc.request().version() != HttpVersion.HTTP_2) { // HTTP/2 forbids the header; its streams end on their own
                rc.response().putHeader("Connection", "close");
            }
            Replies.json(rc, 413, Replies.error("request body too large",
                    size + " bytes; this bench request body is at most " + max + " bytes (" + limitName(reports) + ")"));
            return;
        }
        rc.next();
    }

    /** The largest body of a route carrying {@code reports} run reports. */
    static long max(BenchConfig c, int reports) {
        return reports == 0 ? c.maxSpecSize().asLongValue() : reports * c.maxBodySize().asLongValue();
    }

    private static String limitName(int reports) {
        return reports == 0 ? SPEC_PROPERTY : reports == 1 ? PROPERTY : "twice " + PROPERTY + ": two run reports";
    }

    /** {@code application/json}, with or without parameters ({@code ; charset=utf-8}). */
    static boolean json(String contentType) {
        if (contentType == null) {
            return false;
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().equalsIgnoreCase(JSON);
    }

    private static String describe(String contentType) {
        return contentType == null ? "no Content-Type"
                : contentType.length() > 60 ? contentType.substring(0, 60) + "…" : contentType.replaceAll("\\p{Cntrl}", "?");
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
