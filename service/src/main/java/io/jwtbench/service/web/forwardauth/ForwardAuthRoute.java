package io.jwtbench.service.web.forwardauth;

import io.jwtbench.bench.probe.Phases;
import io.jwtbench.service.bench.BenchIssuer;
import io.jwtbench.service.config.ForwardAuthConfig;
import io.jwtbench.service.config.JwtConfig;
import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.Reason;
import io.jwtbench.service.validation.ValidatedToken;
import io.jwtbench.service.validation.ValidationMetrics;
import io.jwtbench.service.validation.keys.KeySourceStatus;
import io.jwtbench.service.web.BearerToken;
import io.jwtbench.service.web.BenchRequestPolicy;
import io.jwtbench.service.web.JwtValidationResource;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.virtual.threads.VirtualThreads;
import io.smallrye.common.vertx.ContextLocals;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;

/**
 * {@code /jwt/auth} and every path under it, any method: the token check a gateway calls before it forwards a
 * request (NGINX {@code auth_request}, Caddy {@code forward_auth}, Traefik {@code ForwardAuth}, Envoy
 * {@code ext_authz} over HTTP and Istio's {@code CUSTOM} action; docs/gateways.md). It answers from the request's
 * headers alone: 200 with the caller's identity in response headers and no body, 401, 403, or 503 when it cannot
 * decide, each with its reason code; it never reads a body, and a request that announces one is answered and
 * its connection closed.
 *
 * <p>A plain Vert.x route, not a Quarkus REST resource: it writes no JSON and needs no CDI per request, which is
 * what lets a cached token cost about what {@code /q/health/live} costs (docs/performance.md). It is registered
 * right after the bench's server-timing filter, ahead of CORS and Quarkus HTTP security, which a route that is
 * itself the credential check does not need, and ahead of the upload-size check: NGINX's {@code auth_request}
 * forwards the client's {@code Content-Length} without the body, and a 413 would reach the client as a 500.
 *
 * <p>{@code /jwt/auth/envoy/...} is Envoy's shape (the original path appended to a fixed prefix, the original
 * method kept): there the query belongs to the client and is never read as requirements. Everywhere else the
 * query is the route's requirements ({@link Requirements}); the {@value #REQUIRE_HEADER} header adds more (what
 * Envoy's {@code headers_to_add} and Istio's {@code includeAdditionalHeadersInCheck} can set).
 *
 * <p>{@code /jwt/auth-on/<model>} answers alike on each execution model, for the bench's model compares.
 */
@Singleton
public class ForwardAuthRoute {
    public static final String PATH = "/jwt/auth";
    /** The route on each execution model ({@code event-loop}, {@code worker}, {@code virtual}): {@code /jwt/auth-on/<model>}. */
    public static final String MODELS_PATH = "/jwt/auth-on/";
    /** Under each route: Envoy's shape. */
    public static final String ENVOY = "/envoy";
    public static final String REQUIRE_HEADER = "X-Auth-Require";
    /**
     * After the bench's server-timing filter (-Integer.MAX_VALUE / 2), before CORS (-300), HTTP security (-200, -100)
     * and the upload limit (-2): Quarkus' filters run at minus their priority.
     */
    static final int ORDER = -1000;
    /** The context local Quarkus' HTTP metrics take a request's {@code uri} tag from (Quarkus REST sets it too). */
    static final String URL_PATH_TEMPLATE = "UrlPathTemplate";
    static final CharSequence ENVOY_REMOVE = HttpHeaders.createOptimized("x-envoy-auth-headers-to-remove");
    private static final CharSequence WWW_AUTHENTICATE = HttpHeaders.createOptimized("WWW-Authenticate");
    private static final CharSequence ACCEL_EXPIRES = HttpHeaders.createOptimized("X-Accel-Expires");
    private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");
    private static final CharSequence CLOSE = HttpHeaders.createOptimized("close");
    /** The route's log: one DEBUG line per answer (quarkus.log.category."jwt.forward-auth".level=DEBUG). */
    static final Logger LOG = Logger.getLogger("jwt.forward-auth");

    private final JwtValidator validator;
    private final ValidationMetrics validations;
    private final BenchRequestPolicy bench;
    private final ForwardAuthSettings settings;
    private final ForwardAuthMetrics answers;
    private final ExecutorService virtualThreads;
    private final CharSequence retryAfter;
    /** Indexed by the seconds a 200 may be cached, 0..cache-max-age. */
    private final CharSequence[] cacheControl;
    private final CharSequence[] accelExpires;

    public ForwardAuthRoute(JwtValidator validator, ValidationMetrics validations, BenchRequestPolicy bench, ForwardAuthConfig config,
            JwtConfig jwt, MeterRegistry registry, @VirtualThreads ExecutorService virtualThreads) {
        Set<String> issuerNames = new HashSet<>(jwt.issuers().keySet());
        if (jwt.bench().enabled()) {
            issuerNames.add(BenchIssuer.NAME);
        }
        this.settings = ForwardAuthSettings.from(config, issuerNames);
        this.validator = validator;
        this.validations = validations;
        this.bench = bench;
        this.answers = new ForwardAuthMetrics(registry);
        this.virtualThreads = virtualThreads;
        // the soonest the keys can be fetched again
        this.retryAfter = HttpHeaders.createOptimized(Long.toString(Math.max(1, (jwt.jwks().minRefreshInterval().toMillis() + 999) / 1000)));
        int ages = settings.cacheMaxAge() + 1;
        cacheControl = new CharSequence[ages];
        accelExpires = new CharSequence[ages];
        for (int age = 0; age < ages; age++) {
            cacheControl[age] = HttpHeaders.createOptimized("private, max-age=" + age);
            accelExpires[age] = HttpHeaders.createOptimized(Integer.toString(age));
        }
    }

    void register(@Observes Router router) {
        on(router, PATH, null);
        on(router, MODELS_PATH + "event-loop", null);
        on(router, MODELS_PATH + "worker", "worker");
        on(router, MODELS_PATH + "virtual", "virtual");
    }

    /** {@code root} and everything under it; {@code thread}: null (the event loop), worker or virtual. */
    private void on(Router router, String root, String thread) {
        Handler<RoutingContext> handler = ctx -> handle(ctx, root.length());
        String under = root + "/{path}";
        String envoy = root + ENVOY + "/{path}";
        Handler<RoutingContext> tagged = ctx -> {
            // the metrics' uri tag: the route, never the path Envoy appended (one series per client path otherwise)
            String path = ctx.normalizedPath();
            if (path.length() > root.length()) {
                ContextLocals.put(URL_PATH_TEMPLATE, isEnvoyShape(path, root.length()) ? envoy : under);
            }
            if (thread == null) {
                handler.handle(ctx);
            } else if (thread.equals("worker")) {
                ctx.vertx().executeBlocking(() -> {
                    handler.handle(ctx);
                    return null;
                }, false);
            } else {
                virtualThreads.execute(() -> handler.handle(ctx));
            }
        };
        router.route(root).order(ORDER).handler(tagged);
        router.route(root + "/*").order(ORDER).handler(tagged);
    }

    /** Never throws, never answers 200 for a request it could not judge. */
    private void handle(RoutingContext ctx, int rootLength) {
        Phases.sinceRequestStart(JwtValidationResource.PHASE_DISPATCH);
        boolean close = false;
        try {
            HttpServerRequest request = ctx.request();
            MultiMap headers = request.headers();
            close = announcesBody(request, headers);
            Requirements required = isEnvoyShape(ctx.normalizedPath(), rootLength) ? Requirements.NONE : Requirements.of(request.query());
            String requireHeader = headers.get(REQUIRE_HEADER);
            Requirements alsoRequired = requireHeader == null ? Requirements.NONE : Requirements.of(requireHeader);
            String problem = required.problem() != null ? required.problem() : alsoRequired.problem();
            if (problem != null) {
                refuse(ctx, ForwardAuthAnswers.unknownRequirement(problem), close, rootLength);
                return;
            }
            BearerToken bearer = BearerToken.from(headers.getAll(HttpHeaders.AUTHORIZATION));
            if (bearer.token() == null) {
                refuse(ctx, bearer.malformed() ? ForwardAuthAnswers.invalidRequest(bearer.problem()) : ForwardAuthAnswers.NO_TOKEN, close,
                        rootLength);
                return;
            }
            String secret = headers.get(BenchRequestPolicy.SECRET_HEADER);
            boolean uncached = secret != null && bench.bypassesCache(secret, headers.get(BenchRequestPolicy.CACHE_HEADER));
            long start = System.nanoTime();
            CompletableFuture<ValidatedToken> validation = (uncached ? validator.validateWithoutCacheAsync(bearer.token())
                    : validator.validateAsync(bearer.token())).toCompletableFuture();
            boolean closing = close;
            if (validation.isDone() && !validation.isCompletedExceptionally()) {
                decide(ctx, validation.getNow(null), null, start, secret, required, alsoRequired, closing, rootLength);
            } else {
                validation.whenComplete((token, failure) -> decide(ctx, token, failure, start, secret, required, alsoRequired, closing,
                        rootLength));
            }
        } catch (RuntimeException e) {
            failed(ctx, e, close, rootLength);
        }
    }

    private void decide(RoutingContext ctx, ValidatedToken token, Throwable failure, long start, String secret, Requirements required,
            Requirements alsoRequired, boolean close, int rootLength) {
        try {
            long nanos = System.nanoTime() - start;
            InvalidTokenException invalid = failure != null ? unwrap(failure) : bench.refusal(token, secret);
            if (invalid != null) {
                validations.invalid(invalid, nanos);
                refuse(ctx, keysUnavailable(invalid) ? ForwardAuthAnswers.KEYS_UNAVAILABLE : ForwardAuthAnswers.invalidToken(invalid), close,
                        rootLength);
                return;
            }
            validations.valid(token, nanos);
            Requirements.Miss miss = required.missedBy(token);
            if (miss == null) {
                miss = alsoRequired.missedBy(token);
            }
            if (miss != null) {
                refuse(ctx, ForwardAuthAnswers.missed(miss), close, rootLength);
                return;
            }
            IdentityHeaders.Rendering identity = settings.identity().of(token);
            if (identity instanceof IdentityHeaders.TooLarge tooLarge) {
                refuse(ctx, ForwardAuthAnswers.identityTooLarge(tooLarge.description()), close, rootLength);
                return;
            }
            allow(ctx, token, ((IdentityHeaders.Values) identity).values(), close, rootLength);
        } catch (RuntimeException e) {
            failed(ctx, e, close, rootLength);
        }
    }

    private void allow(RoutingContext ctx, ValidatedToken token, CharSequence[] values, boolean close, int rootLength) {
        answers.allowed();
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

    private void refuse(RoutingContext ctx, ForwardAuthAnswers answer, boolean close, int rootLength) {
        answers.refused(answer);
        HttpServerResponse response = ctx.response().setStatusCode(answer.status());
        MultiMap out = response.headers();
        out.add(HttpHeaders.CACHE_CONTROL, NO_STORE);
        out.add(ForwardAuthAnswers.REASON, answer.reason());
        if (answer.challenge() != null) {
            out.add(WWW_AUTHENTICATE, answer.challenge());
        }
        if (answer.status() == 503) {
            out.add(HttpHeaders.RETRY_AFTER, retryAfter);
        }
        if (LOG.isDebugEnabled()) {
            LOG.debugf("%d %s %s", answer.status(), answer.reason(), original(ctx, rootLength)
                    .describe());
        }
        end(ctx, close);
    }

    private void failed(RoutingContext ctx, RuntimeException e, boolean close, int rootLength) {
        LOG.errorf(e, "The forward-auth route failed; answering 500");
        if (!ctx.response().headWritten()) {
            ctx.response().headers().clear();
            refuse(ctx, ForwardAuthAnswers.INTERNAL_ERROR, close, rootLength);
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
