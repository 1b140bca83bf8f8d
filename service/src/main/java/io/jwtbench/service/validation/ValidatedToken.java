package io.jwtbench.service.validation;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A token that passed every check, with the claims callers usually want pulled out.
 *
 * @param issuerName the configured issuer's short name
 * @param expiresAt  {@code exp} in epoch seconds
 * @param notBeforeMillis {@code nbf} in epoch milliseconds, a fraction rounded up, or {@link Long#MIN_VALUE} if absent
 * @param roles      {@code realm_access.roles}, every {@code resource_access.*.roles}, and {@code roles}
 * @param claims     every claim, as parsed; immutable (nested maps and lists too): cached results are shared
 * @param type       the {@code typ} header as sent, or null
 * @param callers    the issuer's rules for tokens that authenticate callers
 * @param rendered   what a caller derived from this token once (the web layer's response bytes, the forward-auth
 *                   route's headers): every cache hit returns this same instance, so each is derived once per cached token
 */
public record ValidatedToken(String issuerName, String issuer, String subject, List<String> audience,
        long expiresAt, long notBeforeMillis, List<String> scopes, List<String> roles, List<String> groups,
        Map<String, Object> claims, String type, Issuer.Callers callers, Rendered rendered) {

    /**
     * A value computed from the token's (immutable) fields by its first user and read by the next ones.
     * Unsynchronised on purpose: two threads may both compute it, and either result is the same.
     */
    public static final class Rendered {
        private volatile Object value;
        private volatile Object headers;

        /** The value, or null before the first {@link #set}. */
        public Object get() {
            return value;
        }

        public void set(Object rendered) {
            value = rendered;
        }

        /** The forward-auth route's value (the response headers of its 200), or null before the first {@link #setHeaders}. */
        public Object headers() {
            return headers;
        }

        public void setHeaders(Object rendered) {
            headers = rendered;
        }
    }

    static ValidatedToken of(Issuer issuer, Map<String, Object> claims, List<String> audience, long exp, long nbfMillis,
            String type) {
        // StrictJson's maps and lists are unmodifiable all the way down: shared safely, no copy.
        Map<String, Object> frozen = claims;
        return new ValidatedToken(issuer.name(), issuer.issuer(), (String) frozen.get("sub"), audience, exp, nbfMillis,
                scopes(frozen), roles(frozen), strings(frozen.get("groups")), frozen, type, issuer.callers(),
                new Rendered());
    }

    /** False for issuers whose tokens must never authenticate a caller. */
    public boolean acceptedAsCredential() {
        return callers.enabled();
    }

    /**
     * Roles for a caller of Quarkus HTTP security: {@code realm_access.roles} and
     * {@code resource_access.<clientId>.roles} of this service's own client only.
     */
    public List<String> callerRoles() {
        Set<String> roles = new LinkedHashSet<>();
        if (claims.get("realm_access") instanceof Map<?, ?> realm) {
            roles.addAll(strings(realm.get("roles")));
        }
        if (callers.clientId() != null && claims.get("resource_access") instanceof Map<?, ?> resources
                && resources.get(callers.clientId()) instanceof Map<?, ?> access) {
            roles.addAll(strings(access.get("roles")));
        }
        return List.copyOf(roles);
    }

    /** OAuth {@code scope} (space-separated, RFC 8693 §4.2) or the {@code scp} array some IdPs use. */
    private static List<String> scopes(Map<String, Object> claims) {
        Object scope = claims.get("scope");
        if (scope instanceof String s) {
            List<String> out = new ArrayList<>();
            for (String part : s.split(" ")) {
                if (!part.isEmpty()) {
                    out.add(part);
                }
            }
            return List.copyOf(out);
        }
        return strings(claims.get("scp"));
    }

    private static List<String> roles(Map<String, Object> claims) {
        Set<String> roles = new LinkedHashSet<>();
        if (claims.get("realm_access") instanceof Map<?, ?> realm) {
            roles.addAll(strings(realm.get("roles")));
        }
        if (claims.get("resource_access") instanceof Map<?, ?> resources) {
            for (Object client : resources.values()) {
                if (client instanceof Map<?, ?> access) {
                    roles.addAll(strings(access.get("roles")));
                }
            }
        }
        roles.addAll(strings(claims.get("roles")));
        return List.copyOf(roles);
    }

    /** A string, or the strings of an array; anything else contributes nothing. */
    static List<String> strings(Object value) {
        if (value instanceof String s) {
            return List.of(s);
        }
        if (value instanceof List<?> list) {
            List<String> out = new ArrayList<>(list.size());
            for (Object item : list) {
                if (item instanceof String s) {
                    out.add(s);
                }
            }
            return List.copyOf(out);
        }
        return List.of();
    }
}
