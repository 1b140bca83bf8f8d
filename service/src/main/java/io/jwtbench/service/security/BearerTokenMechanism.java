package io.jwtbench.service.security;

import io.jwtbench.service.web.BearerToken;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Set;

/**
 * Plugs the service's own validator into Quarkus HTTP security as the {@code Bearer} mechanism,
 * so operators protect routes (the bench's {@code /q/bench} first) with the
 * {@code quarkus.http.auth.permission.*} and {@code policy.*} settings they already know.
 * Authentication is not proactive (see application.properties): {@code /jwt/validate} validates
 * its tokens itself and must not pay for a second validation.
 */
@ApplicationScoped
public class BearerTokenMechanism implements HttpAuthenticationMechanism {
    static final String SCHEME = "bearer";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviders) {
        BearerToken bearer = BearerToken.from(context.request().headers().getAll("Authorization"));
        if (bearer.absent()) {
            return Uni.createFrom().nullItem();
        }
        if (bearer.malformed()) {
            return Uni.createFrom().failure(new AuthenticationFailedException(bearer.problem()));
        }
        return identityProviders.authenticate(new TokenAuthenticationRequest(new TokenCredential(bearer.token(), SCHEME)));
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        // RFC 6750 §3.1: no credentials, a bare challenge; a token that was refused, invalid_token;
        // a malformed Authorization header, invalid_request.
        BearerToken bearer = BearerToken.from(context.request().headers().getAll("Authorization"));
        String challenge = bearer.absent() ? "Bearer"
                : bearer.malformed() ? "Bearer error=\"invalid_request\"" : "Bearer error=\"invalid_token\"";
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", challenge));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().item(new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, SCHEME));
    }
}
