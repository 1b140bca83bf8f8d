package io.jwtbench.service.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.RequestProblem;
import io.jwtbench.service.validation.ValidatedToken;
import jakarta.ws.rs.core.HttpHeaders;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.Map;

/**
 * The HTTP shape of a validation outcome: RFC 6750 §3 challenges, JSON bodies, and
 * {@code Cache-Control: no-store} on everything (a token's claims are not for caches).
 */
final class ValidationResponses {

    @Schema(name = "ValidToken", description = "valid is true; the token's claims")
    record Valid(boolean valid, String issuer, String subject, List<String> audience, long expiresAt,
            List<String> scopes, List<String> roles, List<String> groups, Map<String, Object> claims) implements JsonBody {
    }

    /**
     * A valid token's answer: {@link TimedJsonWriter} serializes its {@link Valid} body once per
     * validated token and keeps the bytes with it, so a cache hit writes them without Jackson.
     */
    record ValidBody(ValidatedToken token) implements JsonBody {
        Valid json() {
            ValidatedToken t = token;
            return new Valid(true, t.issuer(), t.subject(), t.audience(), t.expiresAt(), t.scopes(), t.roles(), t.groups(),
                    t.claims());
        }
    }

    /** error and reason are absent (not null) where RFC 6750 gives no error code. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "TokenError", description = "valid is false. error: the RFC 6750 §3.1 code (invalid_token,"
            + " invalid_request), absent without a token; reason: the stable code of what is wrong, the validator's with"
            + " invalid_token (e.g. TOKEN_EXPIRED, SIGNATURE_INVALID), the request's with invalid_request (e.g."
            + " MALFORMED_AUTHORIZATION, HEADERS_TOO_LARGE); message: for people", requiredProperties = { "valid", "message" })
    record Invalid(boolean valid, String error, String reason, String message) implements JsonBody {
    }

    private ValidationResponses() {
    }

    static Response valid(ValidatedToken t) {
        return json(Response.ok(), new ValidBody(t)).build();
    }

    static Response invalidToken(InvalidTokenException e) {
        return json(Response.status(Response.Status.UNAUTHORIZED), new Invalid(false, "invalid_token", e.reason().name(), e.getMessage()))
                .header(HttpHeaders.WWW_AUTHENTICATE, challenge("invalid_token", e.getMessage()))
                .build();
    }

    /**
     * RFC 6750 §3.1: a request without credentials, or with another scheme's, gets a bare challenge and no error code.
     *
     * @param why for people, when there is more to say than that there is no token (another scheme); or null
     */
    static Response noToken(String why) {
        return json(Response.status(Response.Status.UNAUTHORIZED),
                new Invalid(false, null, null, why == null ? "no bearer token" : "no bearer token: " + why))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
                .build();
    }

    /** RFC 6750 §3.1 {@code invalid_request}, with the stable code of what is wrong with the request. */
    static Response invalidRequest(RequestProblem reason, String problem) {
        return json(Response.status(Response.Status.BAD_REQUEST), new Invalid(false, "invalid_request", reason.name(), problem))
                .header(HttpHeaders.WWW_AUTHENTICATE, challenge("invalid_request", problem))
                .build();
    }

    private static Response.ResponseBuilder json(Response.ResponseBuilder builder, Object body) {
        return builder.entity(body).type(MediaType.APPLICATION_JSON_TYPE)
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .header("Pragma", "no-cache");
    }

    /** error_description allows %x20-21 / %x23-5B / %x5D-7E only (RFC 6750 §3). */
    static String challenge(String error, String description) {
        StringBuilder out = new StringBuilder(32 + description.length())
                .append("Bearer error=\"").append(error).append("\", error_description=\"");
        for (int i = 0; i < description.length(); i++) {
            char c = description.charAt(i);
            out.append(c >= 0x20 && c <= 0x7e && c != '"' && c != '\\' ? c : '?');
        }
        return out.append('"').toString();
    }
}
