package io.jwtbench.bench.runtime.api;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.spi.BenchSpecException;

/**
 * One kind of thing the API starts and serves (runs, compares, sweeps): how to start one through
 * {@link Bench}, find it, list them, cancel one and render it. {@link CollectionHandler} and
 * {@link ItemHandler} hold the HTTP side, once for all of them.
 */
interface Subject<T> {
    /** {@code run}, {@code compare}, {@code sweep}: in error messages. */
    String noun();

    /** The {@code error} of a 400: {@code invalid run spec}, ... */
    String invalidError();

    /** A body to show in the 400 for a missing one. */
    String example();

    /**
     * Parses {@code body} and starts it through {@link Bench}.
     *
     * @throws BenchSpecException a 400
     * @throws RunInProgressException a 409
     */
    T start(Bench bench, JsonNode body);

    /** The {@code error} of a 409 while {@code holderId} holds the bench. */
    default String busyError(Bench bench, String holderId) {
        return "run in progress";
    }

    Optional<T> find(Bench bench, String id);

    /** The body of {@code GET} on the collection. */
    Object list(Bench bench);

    String id(T item);

    /** Completes once the item ended. */
    CompletableFuture<?> finished(T item);

    void cancel(T item);

    /** Renders the item as JSON, or as text for {@code Accept: text/plain}. */
    void reply(io.vertx.ext.web.RoutingContext rc, int status, T item);
}
