package io.jwtbench.service.health;

import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.IssuerRegistry;
import io.jwtbench.service.validation.keys.KeySourceStatus;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Ready only when every configured issuer has usable keys: a pod that would answer every
 * token with UNKNOWN_KEY must not receive traffic. Data per issuer tells an operator which
 * one is missing; why (URL, path, error) is in the log only.
 */
@Readiness
@ApplicationScoped
public class IssuerKeysReadiness implements HealthCheck {
    private final IssuerRegistry issuers;

    public IssuerKeysReadiness(IssuerRegistry issuers) {
        this.issuers = issuers;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("jwt-issuer-keys").up();
        for (Issuer issuer : issuers.all()) {
            KeySourceStatus status = issuer.keys().status();
            if (!status.usable()) {
                response.down();
            }
            // No URLs, file paths or fetch errors here: /q/health is often reachable by more people
            // than the logs, where the key sources report them (with the origin) when they happen.
            StringBuilder detail = new StringBuilder()
                    .append(status.usable() ? "UP" : "DOWN")
                    .append(", ").append(status.keyCount()).append(" keys");
            if (status.lastSuccess() != null) {
                detail.append(", loaded ").append(status.lastSuccess());
            }
            if (status.lastError() != null) {
                detail.append(", last fetch failed (see the service log)");
            }
            response.withData(issuer.name(), detail.toString());
        }
        return response.build();
    }
}
