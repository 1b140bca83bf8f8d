package io.jwtbench.service.web.forwardauth;

import io.jwtbench.service.validation.ValidatedToken;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a route asks of a valid token, written by the gateway's configuration as a query string:
 * {@code aud=orders&scope=read write&role=admin&group=/staff&issuer=keycloak}. Every {@code aud}, {@code scope},
 * {@code role} and {@code group} listed must be in the token (a parameter may repeat; {@code scope} also takes a
 * space-separated list, as OAuth writes scopes); {@code issuer} names the accepted issuers (the configured name or
 * the exact {@code iss}), any one of them. Anything else is a {@link #problem}: the route refuses every request
 * with 403 {@code UNKNOWN_REQUIREMENT} rather than guess (a 400 would become a 500 at NGINX), so a typo in a
 * gateway's configuration shows on its first request instead of silently allowing more.
 *
 * @param problem why the query is not a set of requirements, or null
 */
record Requirements(List<String> audiences, List<String> scopes, List<String> roles, List<String> groups,
        List<String> issuers, String problem) {

    static final Requirements NONE = new Requirements(List.of(), List.of(), List.of(), List.of(), List.of(), null);
    static final List<String> NAMES = List.of("aud", "scope", "role", "group", "issuer");
    /** Distinct requirement strings kept parsed: a gateway's configuration has a handful. */
    private static final int PARSED_KEPT = 1024;
    private static final ConcurrentHashMap<String, Requirements> PARSED = new ConcurrentHashMap<>();

    /** A requirement the token does not meet: its reason code, for people, and the RFC 6750 {@code scope}. */
    record Miss(ForwardAuthAnswers.Code code, String description, String scope) {
    }

    /** The requirements of a query string (null or empty: none), parsed once per distinct string. */
    static Requirements of(String query) {
        if (query == null || query.isEmpty()) {
            return NONE;
        }
        Requirements parsed = PARSED.get(query);
        if (parsed == null) {
            parsed = parse(query);
            if (PARSED.size() < PARSED_KEPT) {
                PARSED.put(query, parsed);
            }
        }
        return parsed;
    }

    static Requirements parse(String query) {
        List<String> aud = new ArrayList<>();
        List<String> scope = new ArrayList<>();
        List<String> role = new ArrayList<>();
        List<String> group = new ArrayList<>();
        List<String> issuer = new ArrayList<>();
        for (String pair : query.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name;
            String value;
            try {
                name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8).trim();
            } catch (IllegalArgumentException e) {
                return problem("'" + bounded(pair) + "' is not URL-encoded");
            }
            List<String> into = switch (name) {
                case "aud" -> aud;
                case "scope" -> scope;
                case "role" -> role;
                case "group" -> group;
                case "issuer" -> issuer;
                default -> null;
            };
            if (into == null) {
                return problem("unknown requirement '" + bounded(name) + "'; the route takes " + String.join(", ", NAMES));
            }
            if (value.isEmpty()) {
                return problem("requirement '" + name + "' has no value");
            }
            if (into == scope) {
                for (String s : value.split(" ")) {
                    if (!s.isEmpty()) {
                        scope.add(s);
                    }
                }
            } else {
                into.add(value);
            }
        }
        return new Requirements(List.copyOf(aud), List.copyOf(scope), List.copyOf(role), List.copyOf(group),
                List.copyOf(issuer), null);
    }

    boolean none() {
        return this == NONE || audiences.isEmpty() && scopes.isEmpty() && roles.isEmpty() && groups.isEmpty() && issuers.isEmpty();
    }

    /** The first requirement {@code token} does not meet, or null when it meets them all. */
    Miss missedBy(ValidatedToken token) {
        if (!issuers.isEmpty() && !issuers.contains(token.issuerName()) && !issuers.contains(token.issuer())) {
            return new Miss(ForwardAuthAnswers.Code.ISSUER_REQUIRED, "the route accepts tokens of " + String.join(", ", issuers)
                    + " only", null);
        }
        for (String a : audiences) {
            if (!token.audience().contains(a)) {
                return new Miss(ForwardAuthAnswers.Code.AUDIENCE_REQUIRED, "the token's aud does not contain " + a, null);
            }
        }
        for (String s : scopes) {
            if (!token.scopes().contains(s)) {
                return new Miss(ForwardAuthAnswers.Code.SCOPE_REQUIRED, "the token lacks scope " + s, String.join(" ", scopes));
            }
        }
        for (String r : roles) {
            if (!token.roles().contains(r)) {
                return new Miss(ForwardAuthAnswers.Code.ROLE_REQUIRED, "the token lacks role " + r, null);
            }
        }
        for (String g : groups) {
            if (!token.groups().contains(g)) {
                return new Miss(ForwardAuthAnswers.Code.GROUP_REQUIRED, "the token lacks group " + g, null);
            }
        }
        return null;
    }

    private static Requirements problem(String why) {
        return new Requirements(List.of(), List.of(), List.of(), List.of(), List.of(), why);
    }

    private static String bounded(String s) {
        return s.length() <= 64 ? s : s.substring(0, 61) + "...";
    }
}
