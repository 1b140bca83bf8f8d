package io.jwtbench.service.validation;

import io.jwtbench.service.validation.keys.KeySource;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One trusted issuer and everything a token from it must satisfy.
 *
 * @param name                 the operator's short name (metrics, health)
 * @param issuer               exact value of {@code iss}
 * @param keys                 where its verification keys come from
 * @param algorithms           the only algorithms accepted from it
 * @param audience             {@code aud} must contain one of these; empty means not checked
 * @param authorizedParty      {@code azp} must equal this; null means not checked
 * @param tokenType            {@code typ} must equal this (normalised); null means not checked
 * @param requiredClaims       claims that must be present besides {@code exp}
 * @param acceptedAsCredential false for issuers whose tokens must never authenticate a caller
 *                             (the bench's in-memory issuer)
 */
public record Issuer(String name, String issuer, KeySource keys, Set<JwsAlgorithm> algorithms,
        Set<String> audience, String authorizedParty, String tokenType, List<String> requiredClaims,
        boolean acceptedAsCredential) {

    public Issuer {
        algorithms = Set.copyOf(algorithms);
        audience = Set.copyOf(audience);
        requiredClaims = List.copyOf(requiredClaims);
        tokenType = tokenType == null ? null : normaliseType(tokenType);
    }

    /** RFC 7515 §4.1.9: "application/" may be omitted from typ and is compared case-insensitively. */
    static String normaliseType(String typ) {
        String lower = typ.toLowerCase(Locale.ROOT);
        return lower.startsWith("application/") ? lower.substring("application/".length()) : lower;
    }
}
