package io.jwtbench.bench.runtime.api;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.core.JsonProcessingException;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Started;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/<subjects>/{id}/events}: Server-Sent Events, one {@code progress} event a second
 * (at once, then every second) while it goes on, then one {@code summary} event with its final JSON,
 * and the stream ends. Progress events are small (a run's live figures; for a compare or a sweep, where
 * it is and its current step's figures); only the summary is the full JSON. One item has at most
 * {@code quarkus.bench.max-event-subscribers} streams at once; one more is answered 429. A finished one gets its summary at once. Runs on the event loop: a timer, no
 * thread held; the timer stops when the client goes away. A client that stops reading misses the progress events
 * while its connection's write queue is full (Vert.x' high-water mark, 64 KB by default), so a stalled reader holds
 * at most that, never a second's event per second of the run; its summary is still written.
 */
final class EventsHandler<T extends Started> extends BenchHandler {
    static final long PERIOD_MILLIS = 1000;
    static final String MAX_SUBSCRIBERS = "quarkus.bench.max-event-subscribers";
    private final Subject<T> subject;
    /** Open streams per item id (of this subject); an entry is removed when its last stream ends. */
    private final ConcurrentHashMap<String, AtomicInteger> subscribers = new ConcurrentHashMap<>();

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
        Runnable release = subscribe(item.id(), bench.config().maxEventSubscribers());
        if (release == null) {
            Replies.json(rc, 429, Replies.error("too many event streams", "this " + subject.noun + " already has "
                    + bench.config().maxEventSubscribers() + " open event streams, the most it may have (" + MAX_SUBSCRIBERS + ")"));
            return;
        }
        rc.response().endHandler(v -> release.run());
        HttpServerResponse response = rc.response().setChunked(true).putHeader("Content-Type", "text/event-stream")
                .putHeader("Cache-Control", "no-cache");
        Vertx vertx = rc.vertx();
        if (!tick(response, item)) {
            release.run();
            return;
        }
        long timer = vertx.setPeriodic(PERIOD_MILLIS, id -> {
            if (!tick(response, item)) {
                vertx.cancelTimer(id);
            }
        });
        response.closeHandler(v -> {
            vertx.cancelTimer(timer);
            release.run();
        });
    }

    /** Counts a stream of {@code id} in; null when it has {@code max} already. The runnable (idempotent) counts it out. */
    private Runnable subscribe(String id, int max) {
        AtomicBoolean admitted = new AtomicBoolean();
        subscribers.compute(id, (k, c) -> {
            AtomicInteger count = c == null ? new AtomicInteger() : c;
            if (count.get() < max) {
                count.incrementAndGet();
                admitted.set(true);
            }
            return count.get() == 0 ? null : count;
        });
        if (!admitted.get()) {
            return null;
        }
        AtomicBoolean released = new AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true)) {
                subscribers.computeIfPresent(id, (k, c) -> c.decrementAndGet() <= 0 ? null : c);
            }
        };
    }

    /** Open streams of {@code id} (for tests). */
    int subscribers(String id) {
        AtomicInteger c = subscribers.get(id);
        return c == null ? 0 : c.get();
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
        if (!response.writeQueueFull()) { // a reader that stalls skips progress events rather than queueing them without bound
            send(response, "progress", subject.progress(item));
        }
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
