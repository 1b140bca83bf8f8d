package io.jwtbench.bench.runtime.api;

import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Started;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/<subjects>/{id}/events}: Server-Sent Events, one {@code progress} event a second
 * (at once, then every second) while it goes on, then one {@code summary} event with its final JSON,
 * and the stream ends. A finished one gets its summary at once. Runs on the event loop: a timer, no
 * thread held; the timer stops when the client goes away.
 */
final class EventsHandler<T extends Started> extends BenchHandler {
    static final long PERIOD_MILLIS = 1000;
    private final Subject<T> subject;

    EventsHandler(Subject<T> subject) {
        this.subject = subject;
    }

    @Override
    void handle(RoutingContext rc, Bench bench) {
        Optional<T> found = subject.findOrNotFound(rc, bench);
        if (found.isEmpty()) {
            return;
        }
        T item = found.get();
        HttpServerResponse response = rc.response().setChunked(true).putHeader("Content-Type", "text/event-stream")
                .putHeader("Cache-Control", "no-cache");
        Vertx vertx = rc.vertx();
        if (!tick(response, item)) {
            return;
        }
        long timer = vertx.setPeriodic(PERIOD_MILLIS, id -> {
            if (!tick(response, item)) {
                vertx.cancelTimer(id);
            }
        });
        response.closeHandler(v -> vertx.cancelTimer(timer));
    }

    /** Sends one event; false once the stream ended (summary sent, or the client left). */
    private boolean tick(HttpServerResponse response, T item) {
        if (response.ended() || response.closed()) {
            return false;
        }
        if (item.finished().isDone()) {
            send(response, "summary", subject.json(item));
            response.end();
            return false;
        }
        send(response, "progress", subject.progress(item));
        return true;
    }

    private static void send(HttpServerResponse response, String event, Object data) {
        String json;
        try {
            json = Replies.JSON.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            json = "{\"error\":\"cannot render JSON\"}";
        }
        response.write("event: " + event + "\ndata: " + json + "\n\n");
    }
}
