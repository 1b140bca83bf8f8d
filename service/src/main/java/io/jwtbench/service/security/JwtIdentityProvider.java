package io.jwtbench.service.security;

import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.Issuer;
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
 * A validated token becomes an identity: principal {@code sub}, roles from {@code realm_access}
 * and {@code resource_access.<client-id>} of this service's own client. Only issuers with
 * {@code jwt.issuers.<name>.callers.enabled=true} authenticate callers (never the bench's in-memory
 * issuer), and only with a token for this service's audience and of the configured typ.
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

    /**
     * The issuer's caller rules ({@code jwt.issuers.<name>.callers.*}): enabled, audience, typ; roles
     * from the realm and this service's own client only.
     */
    static SecurityIdentity identity(ValidatedToken token) {
        Issuer.Callers callers = token.callers();
        if (!callers.enabled()) {
            throw new AuthenticationFailedException("tokens of issuer " + token.issuerName() + " do not authenticate callers");
        }
        if (!callers.audience().isEmpty() && token.audience().stream().noneMatch(callers.audience()::contains)) {
            throw new AuthenticationFailedException("AUDIENCE_MISMATCH: the token is not for this service");
        }
        if (callers.tokenType() != null && !callers.tokenType().equals(Issuer.normalisedType(token.type()))) {
            throw new AuthenticationFailedException("TOKEN_TYPE_MISMATCH: a caller's token must have typ " + callers.tokenType());
        }
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(token.subject() == null ? token.issuer() : token.subject()))
                .addRoles(java.util.Set.copyOf(token.callerRoles()))
                .addAttribute("issuer", token.issuerName())
                .build();
    }

    private static String message(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        return cause instanceof InvalidTokenException e ? e.reason() + ": " + e.getMessage() : String.valueOf(cause.getMessage());
    }
}
