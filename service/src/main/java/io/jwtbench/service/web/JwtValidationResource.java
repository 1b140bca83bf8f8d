package io.jwtbench.service.web;

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
    private final TokenEndpoint endpoint;

    public JwtValidationResource(TokenEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    @POST
    public CompletionStage<Response> post(@Context HttpServerRequest request) {
        return endpoint.respondAsync(request.headers().getAll(HttpHeaders.AUTHORIZATION));
    }

    @GET
    public CompletionStage<Response> get(@Context HttpServerRequest request) {
        return endpoint.respondAsync(request.headers().getAll(HttpHeaders.AUTHORIZATION));
    }
}
