package io.jwtbench.service.web.forwardauth;

import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.Reason;
import io.jwtbench.service.validation.RequestProblem;
import io.vertx.core.http.HttpHeaders;

/**
 * The forward-auth route's refusals: a status a gateway understands, the reason code in {@value #REASON_NAME}
 * (one stable name, also the metric's {@code reason} label) and, but for 503, an RFC 6750 challenge whose
 * {@code error_description} starts with that code. Never a 400: NGINX's {@code auth_request} turns any status
 * but 2xx, 401 and 403 into a 500, so what RFC 6750 would answer 400 ({@code invalid_request}) is a 401 or 403 here.
 *
 * @param status      the HTTP status
 * @param reason      the reason code (a {@link Code}, or the validator's {@link Reason} for an invalid token)
 * @param challenge   the {@code WWW-Authenticate} value, or null
 */
record ForwardAuthAnswers(int status, String reason, CharSequence challenge) {
    static final String REASON_NAME = "X-Auth-Reason";
    static final CharSequence REASON = HttpHeaders.createOptimized(REASON_NAME);

    /**
     * The route's own reason codes (an invalid token's is the validator's {@link Reason}, a malformed Authorization
     * header's the {@link RequestProblem} {@code /jwt/validate} gives).
     */
    enum Code {
        /** No Authorization header: a bare {@code Bearer} challenge (RFC 6750 §3.1). */
        NO_TOKEN(401),
        /** The route's requirements do not parse (see {@link Requirements}). */
        UNKNOWN_REQUIREMENT(403),
        ISSUER_REQUIRED(403),
        AUDIENCE_REQUIRED(403),
        SCOPE_REQUIRED(403),
        ROLE_REQUIRED(403),
        GROUP_REQUIRED(403),
        /** A mapped claim longer than {@code max-header-bytes}: refused rather than cut. */
        IDENTITY_TOO_LARGE(403),
        /** The token's issuer has no usable keys, or its last key fetch failed: the service cannot decide. */
        KEYS_UNAVAILABLE(503),
        /** The route itself failed (a bug): never a 200. */
        INTERNAL_ERROR(500);

        final int status;

        Code(int status) {
            this.status = status;
        }
    }

    static final ForwardAuthAnswers NO_TOKEN = new ForwardAuthAnswers(401, Code.NO_TOKEN.name(), HttpHeaders.createOptimized("Bearer"));

    /** The reason is the one {@code /jwt/validate} gives ({@link RequestProblem}); the status is 401, as NGINX needs. */
    static ForwardAuthAnswers invalidRequest(RequestProblem reason, String problem) {
        return new ForwardAuthAnswers(401, reason.name(), challenge("invalid_request", reason.name(), problem, null));
    }

    static ForwardAuthAnswers invalidToken(InvalidTokenException e) {
        String reason = e.reason().name();
        return new ForwardAuthAnswers(401, reason, challenge("invalid_token", reason, e.getMessage(), null));
    }

    static ForwardAuthAnswers unknownRequirement(String problem) {
        return new ForwardAuthAnswers(403, Code.UNKNOWN_REQUIREMENT.name(),
                challenge("invalid_request", Code.UNKNOWN_REQUIREMENT.name(), problem, null));
    }

    static ForwardAuthAnswers missed(Requirements.Miss miss) {
        return new ForwardAuthAnswers(403, miss.code().name(), challenge("insufficient_scope", miss.code().name(), miss.description(), miss.scope()));
    }

    static ForwardAuthAnswers identityTooLarge(String description) {
        return new ForwardAuthAnswers(403, Code.IDENTITY_TOO_LARGE.name(), challenge(null, Code.IDENTITY_TOO_LARGE.name(), description, null));
    }

    static final ForwardAuthAnswers KEYS_UNAVAILABLE = new ForwardAuthAnswers(503, Code.KEYS_UNAVAILABLE.name(), null);
    static final ForwardAuthAnswers INTERNAL_ERROR = new ForwardAuthAnswers(500, Code.INTERNAL_ERROR.name(), null);

    /**
     * {@code Bearer error="..", error_description="CODE: ..", scope=".."}; the quoted values keep to RFC 6750 §3's
     * {@code %x20-21 / %x23-5B / %x5D-7E} (anything else becomes {@code ?}), and the description is bounded.
     */
    static String challenge(String error, String code, String description, String scope) {
        StringBuilder out = new StringBuilder(64).append("Bearer ");
        if (error != null) {
            out.append("error=\"").append(error).append("\", ");
        }
        out.append("error_description=\"");
        quoted(code + ": " + (description == null ? "" : description), out);
        out.append('"');
        if (scope != null) {
            out.append(", scope=\"");
            quoted(scope, out);
            out.append('"');
        }
        return out.toString();
    }

    private static void quoted(String text, StringBuilder out) {
        int end = Math.min(text.length(), 300);
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            out.append(c >= 0x20 && c <= 0x7e && c != '"' && c != '\\' ? c : '?');
        }
    }
}
