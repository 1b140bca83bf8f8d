package io.jwtbench.service.web.forwardauth;

import io.jwtbench.bench.probe.Phases;
import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.Reason;
import io.jwtbench.service.validation.RequestProblem;
import io.jwtbench.service.validation.ValidatedToken;
import io.jwtbench.service.validation.ValidationMetrics;
import io.jwtbench.service.validation.keys.KeySourceStatus;
import io.jwtbench.service.web.BearerToken;
import io.jwtbench.service.web.BenchRequestPolicy;
import io.jwtbench.service.web.SlowdownInjector;
import io.jwtbench.service.web.JwtValidationResource;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static io.jwtbench.service.web.forwardauth.ForwardAuthRoute.ENVOY;
import static io.jwtbench.service.web.forwardauth.ForwardAuthRoute.LOG;
import static io.jwtbench.service.web.forwardauth.ForwardAuthRoute.REQUIRE_HEADER;

/**
 * One check of {@link ForwardAuthRoute}, from the request's headers to its answer: the requirements, the bearer
 * token, the validator (its cache first), the identity headers or the refusal, the metrics and the log line.
 * Nothing on a cache hit's path locks, and its headers are computed once per validated token.
 */
final class ForwardAuthCheck {
    static final CharSequence ENVOY_REMOVE = HttpHeaders.createOptimized("x-envoy-auth-headers-to-remove");
    private static final CharSequence WWW_AUTHENTICATE = HttpHeaders.createOptimized("WWW-Authenticate");
    private static final CharSequence ACCEL_EXPIRES = HttpHeaders.createOptimized("X-Accel-Expires");
    private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");
    private static final CharSequence CLOSE = HttpHeaders.createOptimized("close");

    private final JwtValidator validator;
    private final ValidationMetrics validations;
    private final BenchRequestPolicy bench;
    private final SlowdownInjector slowdown;
    private final ForwardAuthSettings settings;
    private final ForwardAuthMetrics answers;
    private final CharSequence retryAfter;
    /** Indexed by the seconds a 200 may be cached, 0..cache-max-age. */
    private final CharSequence[] cacheControl;
    private final CharSequence[] accelExpires;

    /** @param keysAgain the soonest an issuer's keys are fetched again: a 503's Retry-After */
    ForwardAuthCheck(JwtValidator validator, ValidationMetrics validations, BenchRequestPolicy bench, SlowdownInjector slowdown,
            ForwardAuthSettings settings, ForwardAuthMetrics answers, Duration keysAgain) {
        this.validator = validator;
        this.validations = validations;
        this.bench = bench;
        this.slowdown = slowdown;
        this.settings = settings;
        this.answers = answers;
        this.retryAfter = HttpHeaders.createOptimized(Long.toString(Math.max(1, (keysAgain.toMillis() + 999) / 1000)));
        int ages = settings.cacheMaxAge() + 1;
        cacheControl = new CharSequence[ages];
        accelExpires = new CharSequence[ages];
        for (int age = 0; age < ages; age++) {
            cacheControl[age] = HttpHeaders.createOptimized("private, max-age=" + age);
            accelExpires[age] = HttpHeaders.createOptimized(Integer.toString(age));
        }
    }

    /** Never throws, never answers 200 for a request it could not judge. */
    void handle(RoutingContext ctx, int rootLength) {
        Phases.sinceRequestStart(JwtValidationResource.PHASE_DISPATCH);
        boolean close = false;
        ValidationMetrics.Traffic traffic = ValidationMetrics.Traffic.LIVE;
        try {
            HttpServerRequest request = ctx.request();
            MultiMap headers = request.headers();
            close = announcesBody(request, headers);
            String secret = headers.get(BenchRequestPolicy.SECRET_HEADER);
            traffic = bench.traffic(secret);
            if (secret != null) {
                slowdown.onRequest(secret, headers.get(SlowdownInjector.HEADER)); // a bench check's known slowdown, if asked
            }
            Requirements required = isEnvoyShape(ctx.normalizedPath(), rootLength) ? Requirements.NONE : Requirements.of(request.query());
            String requireHeader = headers.get(REQUIRE_HEADER);
            Requirements alsoRequired = requireHeader == null ? Requirements.NONE : Requirements.of(requireHeader);
            String problem = required.problem() != null ? required.problem() : alsoRequired.problem();
            if (problem != null) {
                refuse(ctx, ForwardAuthAnswers.unknownRequirement(problem), traffic, close, rootLength);
                return;
            }
            BearerToken bearer = BearerToken.from(headers.getAll(HttpHeaders.AUTHORIZATION));
            if (bearer.token() == null) {
                if (bearer.malformed()) {
                    validations.refused(bearer.reason(), traffic);
                    refuse(ctx, ForwardAuthAnswers.invalidRequest(bearer.reason(), bearer.problem()), traffic, close, rootLength);
                } else {
                    refuse(ctx, ForwardAuthAnswers.NO_TOKEN, traffic, close, rootLength);
                }
                return;
            }
            boolean uncached = secret != null && bench.bypassesCache(secret, headers.get(BenchRequestPolicy.CACHE_HEADER));
            long start = System.nanoTime();
            CompletableFuture<ValidatedToken> validation = (uncached ? validator.validateWithoutCacheAsync(bearer.token())
                    : validator.validateAsync(bearer.token())).toCompletableFuture();
            boolean closing = close;
            ValidationMetrics.Traffic whose = traffic;
            if (validation.isDone() && !validation.isCompletedExceptionally()) {
                decide(ctx, validation.getNow(null), null, start, secret, whose, required, alsoRequired, closing, rootLength);
            } else {
                validation.whenComplete((token, failure) -> decide(ctx, token, failure, start, secret, whose, required, alsoRequired, closing,
                        rootLength));
            }
        } catch (RuntimeException e) {
            failed(ctx, e, traffic, close, rootLength);
        }
    }

    private void decide(RoutingContext ctx, ValidatedToken token, Throwable failure, long start, String secret,
            ValidationMetrics.Traffic traffic, Requirements required, Requirements alsoRequired, boolean close, int rootLength) {
        try {
            long nanos = System.nanoTime() - start;
            InvalidTokenException invalid = failure != null ? unwrap(failure) : bench.refusal(token, secret);
            if (invalid != null) {
                validations.invalid(invalid, nanos, traffic);
                refuse(ctx, keysUnavailable(invalid) ? ForwardAuthAnswers.KEYS_UNAVAILABLE : ForwardAuthAnswers.invalidToken(invalid), traffic,
                        close, rootLength);
                return;
            }
            validations.valid(token, nanos, traffic);
            Requirements.Miss miss = required.missedBy(token);
            if (miss == null) {
                miss = alsoRequired.missedBy(token);
            }
            if (miss != null) {
                refuse(ctx, ForwardAuthAnswers.missed(miss), traffic, close, rootLength);
                return;
            }
            IdentityHeaders.Rendering identity = settings.identity().of(token);
            if (identity instanceof IdentityHeaders.TooLarge tooLarge) {
                refuse(ctx, ForwardAuthAnswers.identityTooLarge(tooLarge.description()), traffic, close, rootLength);
                return;
            }
            allow(ctx, token, ((IdentityHeaders.Values) identity).values(), traffic, close, rootLength);
        } catch (RuntimeException e) {
            failed(ctx, e, traffic, close, rootLength);
        }
    }

    private void allow(RoutingContext ctx, ValidatedToken token, CharSequence[] values, ValidationMetrics.Traffic traffic, boolean close,
            int rootLength) {
        answers.allowed(traffic);
        HttpServerResponse response = ctx.response().setStatusCode(200);
        MultiMap out = response.headers();
        int age = (int) Math.max(0, Math.min(settings.cacheMaxAge(), token.expiresAt() - System.currentTimeMillis() / 1000));
        // X-Accel-Expires first: NGINX's cache then takes the age from it and passes over "private" (docs/gateways.md)
        out.add(ACCEL_EXPIRES, accelExpires[age]);
        out.add(HttpHeaders.CACHE_CONTROL, cacheControl[age]);
        CharSequence[] names = settings.identity().names();
        for (int i = 0; i < names.length; i++) {
            out.add(names[i], values[i]);
        }
        if (settings.envoyRemove() != null) {
            out.add(ENVOY_REMOVE, settings.envoyRemove());
        }
        if (LOG.isDebugEnabled()) {
            LOG.debugf("200 %s %s", token.issuerName(), original(ctx, rootLength).describe());
        }
        end(ctx, close);
    }

    private void refuse(RoutingContext ctx, ForwardAuthAnswers answer, ValidationMetrics.Traffic traffic, boolean close, int rootLength) {
        answers.refused(answer, traffic);
        refusalHeaders(ctx.response().setStatusCode(answer.status()).headers(), answer);
        if (LOG.isDebugEnabled()) {
            LOG.debugf("%d %s %s", answer.status(), answer.reason(), original(ctx, rootLength).describe());
        }
        end(ctx, close);
    }

    private void refusalHeaders(MultiMap out, ForwardAuthAnswers answer) {
        out.add(HttpHeaders.CACHE_CONTROL, NO_STORE);
        out.add(ForwardAuthAnswers.REASON, answer.reason());
        if (answer.challenge() != null) {
            out.add(WWW_AUTHENTICATE, answer.challenge());
        }
        if (answer.status() == 503) {
            out.add(HttpHeaders.RETRY_AFTER, retryAfter);
        }
    }

    /**
     * A request the HTTP layer could not read (a control character in a header, headers over
     * {@code quarkus.http.limits.max-header-size}) never reaches the route: it is refused here with the route's
     * 401 and its reason code, never a 400 or 431, which NGINX would turn into a 500. It cannot say whose it is,
     * so it counts as live traffic; the connection is closed after it.
     */
    void unreadable(HttpServerRequest request, RequestProblem problem, String message) {
        ForwardAuthAnswers answer = ForwardAuthAnswers.invalidRequest(problem, message);
        validations.refused(problem, ValidationMetrics.Traffic.LIVE);
        answers.refused(answer, ValidationMetrics.Traffic.LIVE);
        HttpServerResponse response = request.response().setStatusCode(answer.status());
        refusalHeaders(response.headers(), answer);
        response.headers().set(HttpHeaders.CONNECTION, CLOSE);
        HttpConnection connection = request.connection();
        response.end().onComplete(done -> connection.close());
    }

    private void failed(RoutingContext ctx, RuntimeException e, ValidationMetrics.Traffic traffic, boolean close, int rootLength) {
        LOG.errorf(e, "The forward-auth route failed; answering 500");
        if (!ctx.response().headWritten()) {
            ctx.response().headers().clear();
            refuse(ctx, ForwardAuthAnswers.INTERNAL_ERROR, traffic, close, rootLength);
        }
    }

    private OriginalRequest original(RoutingContext ctx, int rootLength) {
        int envoyPrefix = isEnvoyShape(ctx.normalizedPath(), rootLength) ? rootLength + ENVOY.length() : -1;
        return OriginalRequest.of(ctx.request(), envoyPrefix, settings.trustedProxies());
    }

    /** A body announced on HTTP/1.x: the connection is closed after the answer, the body never read. */
    private static boolean announcesBody(HttpServerRequest request, MultiMap headers) {
        if (request.version() == HttpVersion.HTTP_2) {
            return false; // a stream of its own: ending the answer ends it
        }
        String length = headers.get(HttpHeaders.CONTENT_LENGTH);
        return length != null && !length.equals("0") || headers.contains(HttpHeaders.TRANSFER_ENCODING);
    }

    private static void end(RoutingContext ctx, boolean close) {
        HttpServerResponse response = ctx.response();
        if (!close) {
            response.end();
            return;
        }
        response.headers().set(HttpHeaders.CONNECTION, CLOSE);
        HttpConnection connection = ctx.request().connection();
        response.end().onComplete(done -> connection.close());
    }

    /** Whether {@code path} is {@code <root>/envoy} or under it. */
    static boolean isEnvoyShape(String path, int rootLength) {
        int end = rootLength + ENVOY.length();
        return path.length() >= end && path.startsWith(ENVOY, rootLength) && (path.length() == end || path.charAt(end) == '/');
    }

    /** The token names a key its issuer does not have, and the issuer's keys are missing or could not be fetched. */
    private boolean keysUnavailable(InvalidTokenException e) {
        if (e.reason() != Reason.UNKNOWN_KEY || e.issuerName() == null) {
            return false;
        }
        for (Issuer issuer : validator.issuers().all()) {
            if (issuer.name().equals(e.issuerName())) {
                KeySourceStatus status = issuer.keys().status();
                return !status.usable() || status.lastError() != null;
            }
        }
        return false;
    }

    private static InvalidTokenException unwrap(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof InvalidTokenException e) {
            return e;
        }
        LOG.debugf(cause, "Validation failed unexpectedly");
        return new InvalidTokenException(Reason.MALFORMED, "token could not be processed");
    }
}
