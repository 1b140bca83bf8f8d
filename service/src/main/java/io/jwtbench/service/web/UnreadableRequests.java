package io.jwtbench.service.web;

import io.jwtbench.bench.runtime.spi.InvalidRequestAnswer;
import io.jwtbench.service.validation.RequestProblem;
import io.jwtbench.service.validation.ValidationMetrics;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.HttpHeaders;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A request to {@code /jwt/validate} that the HTTP layer could not read still gets the service's RFC 6750 answer,
 * as a malformed {@code Authorization} does: {@code 431} for headers over
 * {@code quarkus.http.limits.max-header-size} (a token far over {@code jwt.max-token-size} is the usual
 * cause), {@code 400} for a header holding a control character; both {@code invalid_request} with a reason
 * code, a challenge, and counted in {@code jwt_validations_total}. Such a request never reaches the route,
 * so it cannot say whose it is: it counts as live traffic. The forward-auth route answers its own (with a 401,
 * as a gateway needs); other paths keep Vert.x' own answer.
 */
@Singleton
public class UnreadableRequests implements InvalidRequestAnswer {
    static final String PATHS = "/jwt/validate";
    private final ValidationMetrics metrics;
    private final long maxHeaderSize;

    public UnreadableRequests(ValidationMetrics metrics,
            @ConfigProperty(name = "quarkus.http.limits.max-header-size", defaultValue = "20K") MemorySize maxHeaderSize) {
        this.metrics = metrics;
        this.maxHeaderSize = maxHeaderSize.asLongValue();
    }

    @Override
    public boolean answer(HttpServerRequest request, int status) {
        String path = request.path();
        if (path == null || !path.startsWith(PATHS) || status == 414) {
            return false;
        }
        RequestProblem problem = status == 431 ? RequestProblem.HEADERS_TOO_LARGE : RequestProblem.MALFORMED_HEADERS;
        String message = status == 431
                ? "the request's headers are larger than " + maxHeaderSize + " bytes (quarkus.http.limits.max-header-size)"
                : "a header could not be read: it holds a control character or is not a header line";
        metrics.refused(problem, ValidationMetrics.Traffic.LIVE);
        request.response().setStatusCode(status == 431 ? 431 : 400)
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store").putHeader("Pragma", "no-cache")
                .putHeader(HttpHeaders.WWW_AUTHENTICATE, ValidationResponses.challenge("invalid_request", message))
                .putHeader("Connection", "close")
                .end("{\"valid\":false,\"error\":\"invalid_request\",\"reason\":\"" + problem.name() + "\",\"message\":\""
                        + message + "\"}");
        return true;
    }
}
