package io.jwtbench.service.security;

import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.ValidatedToken;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.CompletionException;

/**
 * A validated token becomes an identity: principal {@code sub}, roles from
 * {@code realm_access}, {@code resource_access.*} and {@code roles}. Tokens of issuers marked
 * as never accepted as credentials (the bench's in-memory issuer) are refused here, so a token the
 * bench minted can never start or cancel a bench.
 */
@ApplicationScoped
public class JwtIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {
    private final JwtValidator validator;

    public JwtIdentityProvider(JwtValidator validator) {
        this.validator = validator;
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        return Uni.createFrom().completionStage(() -> validator.validateAsync(request.getToken().getToken()))
                .onFailure().transform(failure -> new AuthenticationFailedException(message(failure), failure))
                .onItem().transform(JwtIdentityProvider::identity);
    }

    private static SecurityIdentity identity(ValidatedToken token) {
        if (!token.acceptedAsCredential()) {
            throw new AuthenticationFailedException("tokens of issuer " + token.issuerName() + " never authenticate a caller");
        }
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(token.subject() == null ? token.issuer() : token.subject()))
                .addRoles(java.util.Set.copyOf(token.roles()))
                .addAttribute("issuer", token.issuerName())
                .build();
    }

    private static String message(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause instanceof InvalidTokenException e ? e.reason() + ": " + e.getMessage() : String.valueOf(cause.getMessage());
    }
}
