package io.jwtbench.service.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Claims shaped like a Keycloak access token (scope, realm and client roles, groups, profile and
 * session members), 0.9 to 1.2 KB once signed (ES256 to RS256): what a production validator really parses.
 */
public final class KeycloakLikeClaims {
    private KeycloakLikeClaims() {
    }

    /**
     * @param user distinguishes the tokens of a pool (sub, jti, sid, email differ)
     */
    public static Map<String, Object> create(String iss, int user, long issuedAt, long expiresAt) {
        String sessionId = new UUID(0x0f6f0c8e61a24b8eL, user).toString();
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("exp", expiresAt);
        claims.put("iat", issuedAt);
        claims.put("jti", new UUID(0x8d1c7f045b7e4f2aL, user).toString());
        claims.put("iss", iss);
        claims.put("aud", List.of("orders-api", "account"));
        claims.put("sub", new UUID(0xf3b2c1d012344cdeL, user).toString());
        claims.put("typ", "Bearer");
        claims.put("azp", "web-client");
        claims.put("realm_access", Map.of("roles", List.of("offline_access", "uma_authorization", "default-roles-orders", "user")));
        claims.put("resource_access", Map.of("orders-api", Map.of("roles", List.of("orders-read", "orders-write"))));
        claims.put("scope", "openid email profile orders");
        claims.put("sid", sessionId);
        claims.put("preferred_username", "ada" + user);
        claims.put("email", "ada" + user + "@example.com");
        claims.put("groups", List.of("/engineering", "/engineering/platform"));
        return claims;
    }
}
