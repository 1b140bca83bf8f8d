package io.jwtbench.bench.runtime.api;

import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.engine.Started;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.vertx.ext.web.RoutingContext;

/**
 * One kind of thing the API starts and serves (runs, compares, sweeps): how to start one through
 * {@link Bench}, find it, list them and render it. {@link CollectionHandler} and {@link ItemHandler}
 * hold the HTTP side, once for all of them.
 */
abstract class Subject<T extends Started> {
    /** {@code run}, {@code compare}, {@code sweep}: in error messages. */
    final String noun;
    /** The {@code error} of a 400: {@code invalid run spec}, ... */
    final String invalidError;
    /** A body to show in the 400 for a missing one. */
    final String example;
    private final Function<T, Object> json;
    private final Function<T, String> text;

    /** @param json, text its renderers (in {@code report/}) */
    Subject(String noun, String invalidError, String example, Function<T, Object> json, Function<T, String> text) {
        this.noun = noun;
        this.invalidError = invalidError;
        this.example = example;
        this.json = json;
        this.text = text;
    }

    /**
     * Parses {@code body} and starts it through {@link Bench}.
     *
     * @throws SpecException a 400
     * @throws RunInProgressException a 409
     */
    abstract T start(Bench bench, JsonNode body);

    /** As {@link #start(Bench, JsonNode)}, for a subject that needs the request itself (a fleet run forwards its Authorization). */
    T start(Bench bench, JsonNode body, RoutingContext rc) {
        return start(bench, body);
    }

    abstract Optional<T> find(Bench bench, String id);

    /** The run reports a POSTed body may carry: 0, a spec only; a run's spec may carry its baseline. */
    int reports() {
        return 0;
    }

    /** The one named by the request's {@code id} path parameter; else answers 404 and returns empty. */
    Optional<T> findOrNotFound(RoutingContext rc, Bench bench) {
        Optional<T> found = find(bench, rc.pathParam("id"));
        if (found.isEmpty()) {
            Replies.notFound(rc, noun, rc.pathParam("id"));
        }
        return found;
    }

    /** The body of {@code GET} on the collection. */
    abstract Object list(Bench bench);

    /** The {@code error} of a 409 while {@code holderId} holds the bench. */
    String busyError(Bench bench, String holderId) {
        return "run in progress";
    }

    /** One Server-Sent Event's data while it goes on: by default its whole JSON rendering. */
    Object progress(T item) {
        return json.apply(item);
    }

    /** Its final JSON rendering: the last event of its stream. */
    final Object json(T item) {
        return json.apply(item);
    }

    /** The item as JSON, or as text for {@code Accept: text/plain}. */
    final void reply(RoutingContext rc, int status, T item) {
        if (Replies.wantsText(rc)) {
            Replies.text(rc, status, text.apply(item));
        } else {
            Replies.json(rc, status, json.apply(item));
        }
    }
}
