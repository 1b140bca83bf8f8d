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

    /**
     * Never blocks: safe on an event loop, and what worker and virtual-thread routes use as well, so
     * that no request thread parks while a JWKS refresh for an unknown kid runs.
     *
     * @param requestSecret the request's {@value #REQUEST_SECRET_HEADER} header, or null
     */
    public CompletionStage<Response> respondAsync(List<String> authorization, String requestSecret) {
        return respondAsync(authorization, requestSecret, null);
    }

    /**
     * @param cacheDirective the request's {@value #CACHE_HEADER} header, or null: {@code bypass} skips
     *        the token cache (no lookup, no insert), honoured only on a request that also carries a
     *        registered issuer's request secret, i.e. the bench's own requests, never a caller's
     */
    public CompletionStage<Response> respondAsync(List<String> authorization, String requestSecret,
            String cacheDirective) {
        BearerToken bearer = BearerToken.from(authorization);
        if (bearer.token() == null) {
            return CompletableFuture.completedFuture(refuse(bearer));
        }
        boolean useCache = cacheDirective == null || !BYPASS.equals(cacheDirective)
                || !validator.issuers().isRequestSecret(requestSecret);
        long start = System.nanoTime();
        CompletionStage<ValidatedToken> validation;
        try {
            validation = validator.validateAsync(bearer.token(), useCache);
        } catch (RuntimeException e) {
            validation = CompletableFuture.failedFuture(e);
        }
        return validation.handle((token, failure) -> {
            long nanos = System.nanoTime() - start;
            if (failure == null) {
                InvalidTokenException refused = secretRefusal(token, requestSecret);
                return refused == null ? valid(token, nanos) : invalid(refused, nanos);
            }
            return invalid(unwrap(failure), nanos);
        });
    }

    /** As {@link #respondAsync(List, String)} for a request without a request secret. */
    public CompletionStage<Response> respondAsync(List<String> authorization) {
        return respondAsync(authorization, null);
    }

    /**
     * The request header that must carry an issuer's per-process request secret (the bench issuer's:
     * the bench's jwt target adds it) for a token of that issuer to be answered as valid.
     */
    public static final String REQUEST_SECRET_HEADER = "X-Jwt-Bench-Secret";

    /** With {@link #BYPASS} and a valid {@link #REQUEST_SECRET_HEADER}: validate without the token cache. */
    public static final String CACHE_HEADER = "X-Jwt-Bench-Cache";
    public static final String BYPASS = "bypass";

    /** Null if the token may be answered as valid on this request. */
    static InvalidTokenException secretRefusal(ValidatedToken token, String presented) {
        String expected = token.requestSecret();
        if (expected == null) {
            return null;
        }
        if (presented != null && java.security.MessageDigest.isEqual(
                expected.getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                presented.getBytes(java.nio.charset.StandardCharsets.US_ASCII))) {
            return null;
        }
        return new InvalidTokenException(io.jwtbench.service.validation.Reason.ISSUER_UNKNOWN,
                "tokens of the bench issuer are only valid on the bench's own requests");
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
            InvalidTokenException refused = secretRefusal(token, null);
            return refused == null ? valid(token, System.nanoTime() - start) : invalid(refused, System.nanoTime() - start);
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
        // Never a 500 from a token: whatever went wrong, this token is not valid.
        org.jboss.logging.Logger.getLogger(TokenEndpoint.class).debugf(cause, "Validation failed unexpectedly");
        return new InvalidTokenException(io.jwtbench.service.validation.Reason.MALFORMED, "token could not be processed");
    }
}
