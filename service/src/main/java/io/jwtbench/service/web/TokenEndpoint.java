package io.jwtbench.service.web;

import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.ValidatedToken;
import io.jwtbench.service.validation.ValidationMetrics;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Authorization header in, HTTP response out, with metrics: everything the validation routes
 * share, whatever thread they run on.
 */
@Singleton
public class TokenEndpoint {
    private final JwtValidator validator;
    private final ValidationMetrics metrics;

    public TokenEndpoint(JwtValidator validator, ValidationMetrics metrics) {
        this.validator = validator;
        this.metrics = metrics;
    }

    /** Never blocks: safe on an event loop. */
    public CompletionStage<Response> respondAsync(List<String> authorization) {
        BearerToken bearer = BearerToken.from(authorization);
        if (bearer.token() == null) {
            return CompletableFuture.completedFuture(refuse(bearer));
        }
        long start = System.nanoTime();
        return validator.validateAsync(bearer.token()).handle((token, failure) -> {
            long nanos = System.nanoTime() - start;
            if (failure == null) {
                return valid(token, nanos);
            }
            return invalid(unwrap(failure), nanos);
        });
    }

    /**
     * Blocks while a JWKS refresh for an unknown kid runs: for worker and virtual threads only.
     *
     * @throws IllegalStateException on a Vert.x event loop, where {@link #respondAsync} belongs
     */
    public Response respond(List<String> authorization) {
        if (io.vertx.core.Context.isOnEventLoopThread()) {
            throw new IllegalStateException("blocking validation called on an event loop; use respondAsync");
        }
        BearerToken bearer = BearerToken.from(authorization);
        if (bearer.token() == null) {
            return refuse(bearer);
        }
        long start = System.nanoTime();
        try {
            ValidatedToken token = validator.validate(bearer.token());
            return valid(token, System.nanoTime() - start);
        } catch (InvalidTokenException e) {
            return invalid(e, System.nanoTime() - start);
        }
    }

    private static Response refuse(BearerToken bearer) {
        return bearer.malformed() ? ValidationResponses.invalidRequest(bearer.problem()) : ValidationResponses.noToken();
    }

    private Response valid(ValidatedToken token, long nanos) {
        metrics.valid(token, nanos);
        return ValidationResponses.valid(token);
    }

    private Response invalid(InvalidTokenException e, long nanos) {
        metrics.invalid(e, nanos);
        return ValidationResponses.invalidToken(e);
    }

    private static InvalidTokenException unwrap(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof InvalidTokenException e) {
            return e;
        }
        throw new CompletionException(cause);
    }
}
