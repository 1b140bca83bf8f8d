package io.jwtbench.bench.runtime.api;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Started;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/<subjects>/{id}}: its latest state (JSON, or text for {@code Accept: text/plain}).
 * {@code DELETE}: cancels it and answers with its final state (200), or the current one (202) if it
 * has not stopped within {@value #CANCEL_WAIT_SECONDS} s (waiting on a copy: a timeout must not complete
 * the item's own future, which others wait on).
 */
final class ItemHandler<T extends Started> extends BenchHandler {
    static final int CANCEL_WAIT_SECONDS = 5;
    private final Subject<T> subject;

    ItemHandler(Subject<T> subject) {
        this.subject = subject;
    }

    @Override
    void handle(RoutingContext rc, Bench bench) {
        Optional<T> found = subject.findOrNotFound(rc, bench);
        if (found.isEmpty()) {
            return;
        }
        T item = found.get();
        if (rc.request().method() == HttpMethod.GET) {
            subject.reply(rc, 200, item);
        } else if (rc.request().method() == HttpMethod.DELETE) {
            item.cancel();
            Context context = Vertx.currentContext();
            item.finished().copy().orTimeout(CANCEL_WAIT_SECONDS, TimeUnit.SECONDS).whenComplete(
                    (done, timedOut) -> Replies.later(rc, context, () -> subject.reply(rc, timedOut == null ? 200 : 202, item)));
        } else {
            Replies.methodNotAllowed(rc, "GET, DELETE");
        }
    }
}
