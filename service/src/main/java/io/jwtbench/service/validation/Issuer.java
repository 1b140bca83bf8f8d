package io.jwtbench.service.validation;

import io.jwtbench.service.validation.keys.KeySource;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One trusted issuer and everything a token from it must satisfy.
 *
 * @param name            the operator's short name (metrics, health)
 * @param issuer          exact value of {@code iss}
 * @param keys            where its verification keys come from
 * @param algorithms      the only algorithms accepted from it
 * @param audience        {@code aud} must contain one of these; empty means not checked
 * @param authorizedParty {@code azp} must equal this; null means not checked
 * @param tokenType       {@code typ} must equal this (normalised); null means not checked
 * @param requiredClaims  claims that must be present besides {@code exp}
 * @param callers         whether and how its tokens may authenticate callers of Quarkus HTTP security
 */
public record Issuer(String name, String issuer, KeySource keys, Set<JwsAlgorithm> algorithms,
        Set<String> audience, String authorizedParty, String tokenType, List<String> requiredClaims,
        Callers callers) {

    /**
     * Rules for tokens that authenticate a caller (the Bearer mechanism of Quarkus HTTP security),
     * on top of the issuer's validation rules.
     *
     * @param enabled   false: the issuer's tokens never authenticate anyone (the default)
     * @param clientId  this service's own client id: roles come from {@code realm_access.roles} and
     *                  {@code resource_access.<clientId>.roles} only; null means realm roles only
     * @param audience  {@code aud} must contain one of these; empty means any audience
     * @param tokenType the {@code typ} header a caller's token must carry (normalised); null means any
     */
    public record Callers(boolean enabled, String clientId, Set<String> audience, String tokenType) {
        /** Never authenticates a caller. */
        public static final Callers NONE = new Callers(false, null, Set.of(), null);

        public Callers {
            audience = Set.copyOf(audience);
            tokenType = tokenType == null ? null : normaliseType(tokenType);
        }
    }

    public Issuer {
        algorithms = Set.copyOf(algorithms);
        audience = Set.copyOf(audience);
        requiredClaims = List.copyOf(requiredClaims);
        tokenType = tokenType == null ? null : normaliseType(tokenType);
        callers = callers == null ? Callers.NONE : callers;
    }

    /**
     * The short form used by tests and benchmarks: {@code acceptedAsCredential} true lets callers
     * authenticate with any audience and typ, roles from the realm only.
     */
    public Issuer(String name, String issuer, KeySource keys, Set<JwsAlgorithm> algorithms,
            Set<String> audience, String authorizedParty, String tokenType, List<String> requiredClaims,
            boolean acceptedAsCredential) {
        this(name, issuer, keys, algorithms, audience, authorizedParty, tokenType, requiredClaims,
                acceptedAsCredential ? new Callers(true, null, Set.of(), null) : Callers.NONE);
    }

    /** False for issuers whose tokens must never authenticate a caller. */
    public boolean acceptedAsCredential() {
        return callers.enabled();
    }

    /** RFC 7515 §4.1.9: "application/" may be omitted from typ and is compared case-insensitively. */
    static String normaliseType(String typ) {
        String lower = typ.toLowerCase(Locale.ROOT);
        return lower.startsWith("application/") ? lower.substring("application/".length()) : lower;
    }

    /** {@link #normaliseType} for callers outside the package. */
    public static String normalisedType(String typ) {
        return typ == null ? null : normaliseType(typ);
    }
}
