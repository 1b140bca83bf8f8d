package io.jwtbench.service.web;

import io.jwtbench.bench.runtime.jfr.Phases;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.concurrent.CompletionStage;

/**
 * {@code /jwt/validate}: the token goes in {@code Authorization: Bearer}, never in the URL or
 * body. The async return type keeps the route on the event loop; validation itself never
 * blocks (a JWKS refresh completes the answer later).
 */
@Path("/jwt/validate")
@Produces(MediaType.APPLICATION_JSON)
public class JwtValidationResource {
    /**
     * Breakdown phase: from the server timing filter (request routed, headers parsed) to this method's
     * entry: Vert.x routing, HTTP security's (non-proactive) set-up, Quarkus REST's matching and handler
     * chain, and its CDI work (request-context activation where needed, the resource bean, @Context
     * parameters). It cannot be cut finer without changing the path it measures.
     */
    public static final String PHASE_DISPATCH = "dispatch";
    private final TokenEndpoint endpoint;

    public JwtValidationResource(TokenEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @POST
    public CompletionStage<Response> post(@Context HttpServerRequest request) {
        Phases.sinceRequestStart(PHASE_DISPATCH);
        return endpoint.respondAsync(request.headers().getAll(HttpHeaders.AUTHORIZATION));
    }

    @GET
    public CompletionStage<Response> get(@Context HttpServerRequest request) {
        Phases.sinceRequestStart(PHASE_DISPATCH);
        return endpoint.respondAsync(request.headers().getAll(HttpHeaders.AUTHORIZATION));
    }
}
