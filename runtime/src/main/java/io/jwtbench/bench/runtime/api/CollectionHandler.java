package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicReference;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.engine.Started;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code POST /q/bench/<subjects>} starts one: 400 for a bad spec, 409 while a run or series holds
 * the bench, else 202 with a Location (or, with {@code ?wait=true}, 200 once it ended). {@code GET}
 * lists them, newest first. Registered as a blocking route: a target's prepare() may take a while.
 */
final class CollectionHandler<T extends Started> extends BenchHandler {
    private final Subject<T> subject;

    CollectionHandler(Subject<T> subject) {
        this.subject = subject;
    }

    @Override
    void handle(RoutingContext rc, Bench bench) {
        if (rc.request().method() == HttpMethod.POST) {
            start(rc, bench);
        } else if (rc.request().method() == HttpMethod.GET) {
            Replies.json(rc, 200, subject.list(bench));
        } else {
            Replies.methodNotAllowed(rc, "GET, POST");
        }
    }

    private void start(RoutingContext rc, Bench bench) {
        T item;
        boolean wait;
        try {
            Replies.takesOnly(rc, "wait"); // read before anything starts
            wait = Replies.flag(rc, "wait");
            item = startInterruptibly(rc, bench);
        } catch (CancellationException e) {
            Replies.json(rc, 503, Replies.error("cancelled", e.getMessage())); // the caller went away meanwhile
            return;
        } catch (SpecException e) {
            Replies.invalid(rc, subject.invalidError, e);
            return;
        } catch (RunInProgressException e) {
            Replies.json(rc, 409, map("error", subject.busyError(bench, e.runningId()), "runningId", e.runningId()));
            return;
        }
        if (wait) {
            Context context = Vertx.currentContext();
            item.finished().whenComplete((done, failure) -> Replies.later(rc, context,
                    () -> subject.reply(rc, 200, item)));
        } else {
            String base = rc.request().path().endsWith("/") ? rc.request().path() : rc.request().path() + "/";
            rc.response().putHeader("Location", base + item.id());
            subject.reply(rc, 202, item);
        }
    }

    /**
     * Starts it on this worker thread, interrupted should the caller go away meanwhile: a target's
     * slow {@code prepare()} (signing a token pool) stops instead of finishing for nobody. The
     * interrupt can only come while starting; whatever is left of it is cleared after.
     */
    private T startInterruptibly(RoutingContext rc, Bench bench) {
        AtomicReference<Thread> starting = new AtomicReference<>(Thread.currentThread());
        rc.response().closeHandler(closed -> {
            synchronized (starting) {
                Thread t = starting.get();
                if (t != null) {
                    t.interrupt();
                }
            }
        });
        try {
            return subject.start(bench, Replies.body(rc, subject.example, subject.reports()), rc);
        } finally {
            synchronized (starting) {
                starting.set(null);
            }
            Thread.interrupted();
        }
    }
}
