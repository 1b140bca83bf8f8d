package io.jwtbench.service.web.forwardauth;

import io.jwtbench.service.config.ForwardAuthConfig;
import io.vertx.core.http.HttpHeaders;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code jwt.forward-auth.*} checked once at start-up: a mistake stops it with the property's name and the
 * problem (an unknown preset or issuer, a header a mapping may not use, a trusted-proxy entry that is no
 * address or range, a cache age out of bounds), so an operator learns at deploy time rather than from a gateway.
 *
 * @param identity       claims → headers
 * @param cacheMaxAge    the longest {@code max-age} of a 200, in seconds
 * @param trustedProxies whose forwarding headers are believed
 * @param envoyRemove    the {@code x-envoy-auth-headers-to-remove} value of a 200, or null
 */
record ForwardAuthSettings(IdentityHeaders identity, int cacheMaxAge, TrustedProxies trustedProxies, CharSequence envoyRemove) {
    static final String PREFIX = "jwt.forward-auth.";
    /** An hour: a gateway cache holding an answer longer outlives most access tokens' revocation windows anyway. */
    static final Duration LONGEST_CACHE_AGE = Duration.ofHours(1);
    private static final Set<String> UNREMOVABLE = Set.of("host", "content-length", "transfer-encoding", "connection", "te",
            "upgrade");

    /**
     * @param issuerNames the issuers a per-issuer mapping may name
     * @throws IllegalStateException naming the property at fault
     */
    static ForwardAuthSettings from(ForwardAuthConfig config, Set<String> issuerNames) {
        try {
            Map<String, Map<String, String>> mappings = new HashMap<>();
            config.issuers().forEach((issuer, headers) -> {
                if (!issuerNames.contains(issuer)) {
                    throw new IllegalArgumentException(PREFIX + "issuers." + issuer + ": no issuer is named '" + issuer
                            + "' (jwt.issuers.<name>; known: " + String.join(", ", issuerNames.stream().sorted().toList()) + ")");
                }
                if (headers.headers().isEmpty()) {
                    throw new IllegalArgumentException(PREFIX + "issuers." + issuer + ".headers: empty; map at least one header,"
                            + " or remove the issuer to use the preset");
                }
                mappings.put(issuer, headers.headers());
            });
            long bytes = config.maxHeaderBytes().asLongValue();
            IdentityHeaders identity = new IdentityHeaders(config.preset(), mappings, (int) Math.min(Integer.MAX_VALUE, bytes),
                    config.absentValue());
            Duration age = config.cacheMaxAge();
            if (age.isNegative() || age.compareTo(LONGEST_CACHE_AGE) > 0) {
                throw new IllegalArgumentException(PREFIX + "cache-max-age: " + age + " is outside 0s.." + LONGEST_CACHE_AGE.toMinutes() + "m");
            }
            TrustedProxies proxies = TrustedProxies.parse(config.trustedProxies().orElse(List.of()), PREFIX + "trusted-proxies");
            return new ForwardAuthSettings(identity, (int) age.toSeconds(), proxies, envoyRemove(config, identity));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static CharSequence envoyRemove(ForwardAuthConfig config, IdentityHeaders identity) {
        List<String> names = config.envoyHeadersToRemove().orElse(List.of()).stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
        for (String name : names) {
            if (!IdentityHeaders.isToken(name) || UNREMOVABLE.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                throw new IllegalArgumentException(PREFIX + "envoy-headers-to-remove: '" + name + "' cannot be removed from a request"
                        + " (not a header name, or Host or HTTP framing)");
            }
            for (CharSequence mapped : identity.names()) {
                if (mapped.toString().equalsIgnoreCase(name)) {
                    throw new IllegalArgumentException(PREFIX + "envoy-headers-to-remove: '" + name + "' is an identity header; Envoy"
                            + " removes these after it sets the ones a 200 carries, so the upstream would get no identity");
                }
            }
        }
        return names.isEmpty() ? null : HttpHeaders.createOptimized(String.join(", ", names));
    }
}
