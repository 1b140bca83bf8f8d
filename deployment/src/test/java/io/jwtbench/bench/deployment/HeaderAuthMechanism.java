package io.jwtbench.bench.deployment;

import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;

/**
 * A test application's authentication: {@code X-Test-Roles: a,b} authenticates a caller with those
 * roles, {@code X-Test-Roles: !} fails authentication, no header is anonymous. The challenge is
 * {@code WWW-Authenticate: TestHeader}.
 */
@ApplicationScoped
public class HeaderAuthMechanism implements HttpAuthenticationMechanism {
    static final String HEADER = "X-Test-Roles";
    static final String CHALLENGE = "TestHeader";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String roles = context.request().getHeader(HEADER);
        if (roles == null) {
            return Uni.createFrom().nullItem();
        }
        if (roles.equals("!")) {
            return Uni.createFrom().failure(new AuthenticationFailedException("refused"));
        }
        return Uni.createFrom().item(QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal("tester"))
                .addRoles(Set.of(roles.split(","))).build());
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", CHALLENGE));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of();
    }
}
