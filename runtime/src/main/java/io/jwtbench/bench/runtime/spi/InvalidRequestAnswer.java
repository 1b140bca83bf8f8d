package io.jwtbench.bench.runtime.spi;

import io.vertx.core.http.HttpServerRequest;

/**
 * The application's answer to a request its HTTP server could not read (a header over
 * {@code quarkus.http.limits.max-header-size}, a control character in a header): such a request never
 * reaches a route, and Vert.x would answer a bare 400 or 431. A bean of this type may answer it in the
 * application's own words for the paths it owns. Discovered as CDI beans; HTTP/1.x only (Vert.x reads
 * HTTP/2 headers itself).
 */
public interface InvalidRequestAnswer {

    /**
     * Answers {@code request} (status, headers, body; the connection is closed after it) and returns true, or
     * returns false and leaves it to the next answer, the last one being Vert.x' own.
     *
     * @param status the status Vert.x would answer: 431 for headers too large, 414 for a request line too long, else 400
     */
    boolean answer(HttpServerRequest request, int status);
}
