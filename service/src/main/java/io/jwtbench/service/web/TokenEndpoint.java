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
    private final BenchRequestPolicy bench;

    public TokenEndpoint(JwtValidator validator, ValidationMetrics metrics, BenchRequestPolicy bench) {
        this.validator = validator;
        this.metrics = metrics;
        this.bench = bench;
    }

    /**
     * Never blocks: safe on an event loop, and what worker and virtual-thread routes use as well, so
     * that no request thread parks while a JWKS refresh for an unknown kid runs.
     *
     * @param requestSecret the request's {@value BenchRequestPolicy#SECRET_HEADER} header, or null
     */
    public CompletionStage<Response> respondAsync(List<String> authorization, String requestSecret) {
        return respondAsync(authorization, requestSecret, null);
    }

    /**
     * @param cacheDirective the request's {@value BenchRequestPolicy#CACHE_HEADER} header, or null
     *        ({@link BenchRequestPolicy#bypassesCache})
     */
    public CompletionStage<Response> respondAsync(List<String> authorization, String requestSecret,
            String cacheDirective) {
        ValidationMetrics.Traffic traffic = bench.traffic(requestSecret);
        BearerToken bearer = BearerToken.from(authorization);
        if (bearer.token() == null) {
            return CompletableFuture.completedFuture(refuse(bearer, traffic));
        }
        boolean uncached = bench.bypassesCache(requestSecret, cacheDirective);
        long start = System.nanoTime();
        CompletionStage<ValidatedToken> validation;
        try {
            validation = uncached ? validator.validateWithoutCacheAsync(bearer.token()) : validator.validateAsync(bearer.token());
        } catch (RuntimeException e) {
            validation = CompletableFuture.failedFuture(e);
        }
        return validation.handle((token, failure) -> {
            long nanos = System.nanoTime() - start;
            if (failure == null) {
                InvalidTokenException refused = bench.refusal(token, requestSecret);
                return refused == null ? valid(token, nanos, traffic) : invalid(refused, nanos, traffic);
            }
            return invalid(unwrap(failure), nanos, traffic);
        });
    }

    /** As {@link #respondAsync(List, String)} for a request without a request secret. */
    public CompletionStage<Response> respondAsync(List<String> authorization) {
        return respondAsync(authorization, null);
    }

    /** No bearer token (a bare challenge), or a malformed request: 400 with its reason code, counted. */
    private Response refuse(BearerToken bearer, ValidationMetrics.Traffic traffic) {
        if (!bearer.malformed()) {
            return ValidationResponses.noToken(bearer.problem());
        }
        metrics.refused(bearer.reason(), traffic);
        return ValidationResponses.invalidRequest(bearer.reason(), bearer.problem());
    }

    private Response valid(ValidatedToken token, long nanos, ValidationMetrics.Traffic traffic) {
        metrics.valid(token, nanos, traffic);
        return ValidationResponses.valid(token);
    }

    private Response invalid(InvalidTokenException e, long nanos, ValidationMetrics.Traffic traffic) {
        metrics.invalid(e, nanos, traffic);
        return ValidationResponses.invalidToken(e);
    }

    private static InvalidTokenException unwrap(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof InvalidTokenException e) {
            return e;
        }
        // Never a 500 from a token: whatever went wrong, this token is not valid.
        org.jboss.logging.Logger.getLogger(TokenEndpoint.class).debugf(cause, "Validation failed unexpectedly");
        return new InvalidTokenException(io.jwtbench.service.validation.Reason.MALFORMED, "token could not be processed");
    }
}
