package io.jwtbench.bench.runtime.http;

import io.jwtbench.bench.runtime.spi.InvalidRequestAnswer;
import io.netty.handler.codec.TooLongFrameException;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ArcContainer;
import io.quarkus.arc.InstanceHandle;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;

/**
 * The invalid-request handler of the application's HTTP servers: a request the HTTP layer could not
 * read goes to the application's {@link InvalidRequestAnswer} beans, then to Vert.x' default answer.
 * Quarkus does not expose Vert.x' {@link HttpServer#invalidRequestHandler}, so the extension's processor
 * inserts a call to {@link #install} where Quarkus sets each server's request handler (a bytecode
 * transformation of its HTTP verticle, checked by the service's tests).
 */
public final class InvalidRequests {
    private InvalidRequests() {
    }

    /** Called with each HTTP server Quarkus sets up, before it listens; returns it (the call replaces nothing). */
    public static HttpServer install(HttpServer server) {
        return server.invalidRequestHandler(InvalidRequests::handle);
    }

    static void handle(HttpServerRequest request) {
        ArcContainer container = Arc.container();
        if (container != null && container.isRunning()) {
            int status = status(request);
            for (InstanceHandle<InvalidRequestAnswer> answer : container.listAll(InvalidRequestAnswer.class)) {
                if (answer.get().answer(request, status)) {
                    return;
                }
            }
        }
        HttpServerRequest.DEFAULT_INVALID_REQUEST_HANDLER.handle(request);
    }

    /** What Vert.x would answer: 414 and 431 for the two limits of Netty's decoder, else 400. */
    static int status(HttpServerRequest request) {
        Throwable cause = request.decoderResult() == null ? null : request.decoderResult().cause();
        if (cause instanceof TooLongFrameException && cause.getMessage() != null) {
            if (cause.getMessage().startsWith("An HTTP line is larger than")) {
                return 414;
            }
            if (cause.getMessage().startsWith("HTTP header is larger than")) {
                return 431;
            }
        }
        return 400;
    }
}
