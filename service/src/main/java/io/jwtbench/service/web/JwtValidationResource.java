package io.jwtbench.service.web;

import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import io.jwtbench.bench.probe.Phases;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.GET;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * {@code /jwt/validate}: the token goes in {@code Authorization: Bearer}, never in the URL or
 * body. The same validator answers under each execution model, so they can be compared
 * ({@code POST /q/bench/compare}, see docs/execution-models.md):
 * <ul>
 * <li>{@code /jwt/validate/event-loop}: on the Vert.x event loop. Validation never blocks there: a
 * JWKS refresh for an unknown kid completes the answer later ({@link TokenEndpoint#respondAsync}).
 * <li>{@code /jwt/validate/worker}: on the worker pool (platform threads). A JWKS refresh for an
 * unknown kid does not hold the thread: the answer completes later, as on the event loop.
 * <li>{@code /jwt/validate/virtual}: on a virtual thread; likewise.
 * <li>{@code /jwt/validate}: the production default, the event loop (chosen by measurement: docs/execution-models.md,
 * "Event loop, worker or virtual thread?").
 * </ul>
 */
@Path("/jwt/validate")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Validation", description = "Validates the bearer token of Authorization (RFC 6750); every route answers alike")
@APIResponse(responseCode = "200", description = "The token is valid: its issuer, subject, audience, roles and claims",
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ValidationResponses.Valid.class)))
@APIResponse(responseCode = "401", description = "No bearer token, or another scheme's credentials (a bare"
        + " \"WWW-Authenticate: Bearer\" challenge, no error code: RFC 6750 §3.1) or an invalid one (error \"invalid_token\","
        + " reason the validator's code)",
        headers = @Header(name = HttpHeaders.WWW_AUTHENTICATE, description = "RFC 6750 §3 challenge, e.g."
                + " Bearer error=\"invalid_token\", error_description=\"...\"", schema = @Schema(type = SchemaType.STRING)),
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ValidationResponses.Invalid.class)))
@APIResponse(responseCode = "400", description = "A malformed request, e.g. two Authorization headers (error \"invalid_request\")",
        headers = @Header(name = HttpHeaders.WWW_AUTHENTICATE, schema = @Schema(type = SchemaType.STRING)),
        content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ValidationResponses.Invalid.class)))
public class JwtValidationResource {
    /**
     * Breakdown phase: from the server timing filter (request routed, headers parsed) to this method's
     * entry: Vert.x routing, HTTP security's (non-proactive) set-up, Quarkus REST's matching and handler
     * chain, and its CDI work (request-context activation where needed, the resource bean, @Context
     * parameters). It cannot be cut finer without changing the path it measures.
     */
    public static final String PHASE_DISPATCH = "dispatch";
    private final TokenEndpoint endpoint;
    private final SlowdownInjector slowdown;

    public JwtValidationResource(TokenEndpoint endpoint, SlowdownInjector slowdown) {
        this.endpoint = endpoint;
        this.slowdown = slowdown;
    }

    /** Every route answers the same way; only the thread differs. */
    private CompletionStage<Response> respond(HttpServerRequest request) {
        List<String> authorization = authorization(request);
        String secret = request.getHeader(BenchRequestPolicy.SECRET_HEADER);
        slowdown.onRequest(secret, request.getHeader(SlowdownInjector.HEADER)); // a bench check's known slowdown, if asked
        return endpoint.respondAsync(authorization, secret, request.getHeader(BenchRequestPolicy.CACHE_HEADER));
    }

    /** Every route's first step, so the {@code dispatch} phase ends here whatever the thread. */
    private static List<String> authorization(HttpServerRequest request) {
        Phases.sinceRequestStart(PHASE_DISPATCH);
        return request.headers().getAll(HttpHeaders.AUTHORIZATION);
    }

    // --- production default: the event loop ---------------------------------------------------

    @POST
    @NonBlocking
    public CompletionStage<Response> post(@Context HttpServerRequest request) {
        return respond(request);
    }

    @GET
    @NonBlocking
    public CompletionStage<Response> get(@Context HttpServerRequest request) {
        return respond(request);
    }

    // --- one route per execution model -----------------------------------------------------------

    @POST
    @Path("event-loop")
    @NonBlocking
    public CompletionStage<Response> postEventLoop(@Context HttpServerRequest request) {
        return respond(request);
    }

    @GET
    @Path("event-loop")
    @NonBlocking
    public CompletionStage<Response> getEventLoop(@Context HttpServerRequest request) {
        return respond(request);
    }

    @POST
    @Path("worker")
    @Blocking
    public CompletionStage<Response> postWorker(@Context HttpServerRequest request) {
        return respond(request);
    }

    @GET
    @Path("worker")
    @Blocking
    public CompletionStage<Response> getWorker(@Context HttpServerRequest request) {
        return respond(request);
    }

    @POST
    @Path("virtual")
    @Blocking // a CompletionStage method is non-blocking by default: @RunOnVirtualThread alone logs an ERROR at start-up
    @RunOnVirtualThread
    public CompletionStage<Response> postVirtual(@Context HttpServerRequest request) {
        return respond(request);
    }

    @GET
    @Path("virtual")
    @Blocking // a CompletionStage method is non-blocking by default: @RunOnVirtualThread alone logs an ERROR at start-up
    @RunOnVirtualThread
    public CompletionStage<Response> getVirtual(@Context HttpServerRequest request) {
        return respond(request);
    }
}
