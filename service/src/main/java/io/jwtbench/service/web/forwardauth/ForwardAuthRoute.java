package io.jwtbench.service.web.forwardauth;

import io.jwtbench.bench.runtime.spi.InvalidRequestAnswer;
import io.jwtbench.service.bench.BenchIssuer;
import io.jwtbench.service.config.ForwardAuthConfig;
import io.jwtbench.service.config.JwtConfig;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.RequestProblem;
import io.jwtbench.service.validation.ValidationMetrics;
import io.jwtbench.service.web.BenchRequestPolicy;
import io.jwtbench.service.web.SlowdownInjector;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.virtual.threads.VirtualThreads;
import io.smallrye.common.vertx.ContextLocals;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.util.HashSet;
import java.util.Set;
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
public class ForwardAuthRoute implements InvalidRequestAnswer {
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
    /** The route's log: one DEBUG line per answer (quarkus.log.category."jwt.forward-auth".level=DEBUG). */
    static final Logger LOG = Logger.getLogger("jwt.forward-auth");

    private final ForwardAuthCheck check;
    private final ExecutorService virtualThreads;

    public ForwardAuthRoute(JwtValidator validator, ValidationMetrics validations, BenchRequestPolicy bench, SlowdownInjector slowdown,
            ForwardAuthConfig config, JwtConfig jwt, MeterRegistry registry, @VirtualThreads ExecutorService virtualThreads) {
        Set<String> issuerNames = new HashSet<>(jwt.issuers().keySet());
        if (jwt.bench().enabled()) {
            issuerNames.add(BenchIssuer.NAME);
        }
        this.check = new ForwardAuthCheck(validator, validations, bench, slowdown, ForwardAuthSettings.from(config, issuerNames),
                new ForwardAuthMetrics(registry), jwt.jwks().minRefreshInterval());
        this.virtualThreads = virtualThreads;
    }

    void register(@Observes Router router) {
        on(router, PATH, null);
        on(router, MODELS_PATH + "event-loop", null);
        on(router, MODELS_PATH + "worker", "worker");
        on(router, MODELS_PATH + "virtual", "virtual");
    }

    /**
     * A request to the route that the HTTP layer could not read: the route's 401 with its reason code
     * ({@link ForwardAuthCheck#unreadable}). A request line too long (414) keeps Vert.x' answer.
     */
    @Override
    public boolean answer(HttpServerRequest request, int status) {
        String path = request.path();
        if (path == null || !(path.equals(PATH) || path.startsWith(PATH + "/") || path.startsWith(MODELS_PATH)) || status == 414) {
            return false;
        }
        if (status == 431) {
            check.unreadable(request, RequestProblem.HEADERS_TOO_LARGE,
                    "the request's headers are larger than quarkus.http.limits.max-header-size");
        } else {
            check.unreadable(request, RequestProblem.MALFORMED_HEADERS,
                    "a header could not be read: it holds a control character or is not a header line");
        }
        return true;
    }

    /** {@code root} and everything under it; {@code thread}: null (the event loop), worker or virtual. */
    private void on(Router router, String root, String thread) {
        Handler<RoutingContext> handler = ctx -> check.handle(ctx, root.length());
        String under = root + "/{path}";
        String envoy = root + ENVOY + "/{path}";
        Handler<RoutingContext> tagged = ctx -> {
            // the metrics' uri tag: the route, never the path Envoy appended (one series per client path otherwise)
            String path = ctx.normalizedPath();
            if (path.length() > root.length()) {
                try {
                    ContextLocals.put(URL_PATH_TEMPLATE, ForwardAuthCheck.isEnvoyShape(path, root.length()) ? envoy : under);
                } catch (UnsupportedOperationException notARequestContext) {
                    // no duplicated context to carry it: the metrics keep their own tag
                }
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
}
