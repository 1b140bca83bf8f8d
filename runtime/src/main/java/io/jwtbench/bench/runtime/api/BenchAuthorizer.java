package io.jwtbench.bench.runtime.api;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.fleet.FleetToken;
import io.quarkus.arc.Arc;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * The first handler of every bench route: the caller's {@link SecurityIdentity} must have
 * {@code quarkus.bench.security.role}. It works on the route itself, so it holds on the management
 * interface and under any root path, whatever {@code quarkus.http.auth.permission.*} names. It fails
 * closed: no authentication on the route's server (no identity at all) is a 401, like an anonymous
 * caller; a failed authentication gets the mechanism's challenge. The identity is resolved lazily
 * (authentication need not be proactive) and the route goes on, on the request's own context, only
 * after the check; {@link BenchHandler} refuses any request this did not pass.
 */
final class BenchAuthorizer implements Handler<RoutingContext> {
    /** Set on the request once it passed; {@link BenchHandler} refuses requests without it. */
    static final String PASSED = BenchAuthorizer.class.getName() + ".passed";
    /** Set on a request that passed on a fleet token: the fleet it is for. */
    static final String FLEET = BenchAuthorizer.class.getName() + ".fleet";

    private final boolean recording;
    /** The methods of this route a fleet coordinator uses on its pods: there a valid {@link FleetToken} stands for the role. */
    private final Set<HttpMethod> fleetMethods;
    private volatile BenchConfig config;

    /** @param recording the route serves raw JFR recordings: the role is needed even with public reads */
    BenchAuthorizer(boolean recording) {
        this(recording, Set.of());
    }

    /** @param fleetMethods {@code POST} on {@code /q/bench/runs}, {@code GET} and {@code DELETE} on {@code /q/bench/runs/{id}}: fleet tokens count there */
    BenchAuthorizer(boolean recording, Set<HttpMethod> fleetMethods) {
        this.recording = recording;
        this.fleetMethods = Set.copyOf(fleetMethods);
    }

    @Override
    public void handle(RoutingContext rc) {
        BenchConfig.Security security = config().security();
        if (!config().enabled() || !required(security, rc.request().method())) {
            pass(rc);
            return;
        }
        String fleetToken = rc.request().getHeader(FleetToken.HEADER);
        if (fleetToken != null) { // a fleet coordinator's short-lived token: here or nowhere, never the caller's identity
            Optional<String> fleet = FleetToken.fleet(config().fleet().tokenSecret(), fleetToken, Instant.now());
            if (fleet.isEmpty() || !fleetMethods.contains(rc.request().method())) {
                Replies.json(rc, 401, Replies.error("unauthorized", "the " + FleetToken.HEADER
                        + " is not valid here: wrong secret, expired, or not a route a fleet run uses"));
            } else if (rc.pathParam("id") != null && !ofFleet(rc.pathParam("id"), fleet.get())) {
                // the same answer whether the run exists or not: the token is no way to learn other runs' ids
                Replies.json(rc, 403, Replies.error("forbidden", "this " + FleetToken.HEADER + " opens the runs of fleet "
                        + fleet.get() + " only"));
            } else {
                rc.put(FLEET, fleet.get());
                pass(rc);
            }
            return;
        }
        Context context = Vertx.currentContext();
        QuarkusHttpUser.getSecurityIdentity(rc, null).subscribe().with(
                identity -> Replies.later(rc, context, () -> decide(rc, identity, security.role())),
                failure -> Replies.later(rc, context, () -> challenge(rc, failure)));
    }

    /** Whether run {@code id} was started by fleet {@code fleet}'s token. */
    private boolean ofFleet(String id, String fleet) {
        return Arc.container().instance(Bench.class).get().findRun(id)
                .filter(run -> Runs.fleetTrigger(fleet).equals(run.report().sections().trigger())).isPresent();
    }

    /** Whether this request needs the role under {@code security}. */
    boolean required(BenchConfig.Security security, HttpMethod method) {
        if (!enabled(security)) {
            return false;
        }
        boolean read = method == HttpMethod.GET || method == HttpMethod.HEAD;
        return !(read && security.publicReads() && !recording);
    }

    /** On unless configured: off only in dev and test mode. */
    static boolean enabled(BenchConfig.Security security) {
        return security.enabled().orElseGet(() -> !LaunchMode.current().isDevOrTest());
    }

    private static void decide(RoutingContext rc, SecurityIdentity identity, String role) {
        if (identity == null || identity.isAnonymous()) {
            challenge(rc, new AuthenticationFailedException("the bench needs an authenticated caller"));
        } else if (!identity.hasRole(role)) {
            Replies.json(rc, 403, Replies.error("forbidden", "the bench needs the role " + role));
        } else {
            pass(rc);
        }
    }

    private static void pass(RoutingContext rc) {
        rc.put(PASSED, Boolean.TRUE);
        rc.next();
    }

    /**
     * 401 with the authentication mechanism's challenge (Quarkus' failure handler for lazy
     * authentication), or a bare 401 where no mechanism runs on this server.
     */
    private static void challenge(RoutingContext rc, Throwable failure) {
        BiConsumer<RoutingContext, Throwable> handler = rc.get(QuarkusHttpUser.AUTH_FAILURE_HANDLER);
        Throwable cause = failure instanceof AuthenticationFailedException ? failure
                : new AuthenticationFailedException(failure);
        if (handler != null) {
            handler.accept(rc, cause);
        } else {
            Replies.json(rc, 401, Replies.error("unauthorized", "no authentication runs on this server; "
                    + "the bench refuses every caller (see quarkus.bench.security.*)"));
        }
    }

    private BenchConfig config() {
        BenchConfig c = config;
        if (c == null) {
            config = c = Arc.container().instance(Bench.class).get().config();
        }
        return c;
    }
}
