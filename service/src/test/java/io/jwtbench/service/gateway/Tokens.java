package io.jwtbench.service.gateway;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.TestKey;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Tokens of the local IdP with the claims a test needs, signed with its real RSA key. */
final class Tokens {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Tokens() {
    }

    /** A valid token's claims for {@code sub}: audience orders-api, an hour to live, email, two groups, scope openid. */
    static Map<String, Object> claims(String sub) {
        long now = Instant.now().getEpochSecond();
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("iss", LocalIdp.ISSUER);
        c.put("aud", List.of("orders-api"));
        c.put("sub", sub);
        c.put("iat", now);
        c.put("exp", now + 3600);
        c.put("jti", UUID.randomUUID().toString());
        c.put("email", sub + "@example.test");
        c.put("groups", List.of("/staff", "/engineering"));
        c.put("scope", "openid email");
        c.put("realm_access", Map.of("roles", List.of("user")));
        return c;
    }

    static String sign(Map<String, Object> claims) {
        return sign(claims, LocalIdp.RSA);
    }

    static String sign(Map<String, Object> claims, TestKey key) {
        try {
            return Jws.sign(Jws.header(key), JSON.writeValueAsString(claims), key);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String valid(String sub) {
        return sign(claims(sub));
    }

    /** {@code token} with one character of its signature changed: still base64url, no longer valid. */
    static String badSignature(String token) {
        int at = token.lastIndexOf('.') + 10;
        return token.substring(0, at) + (token.charAt(at) == 'A' ? 'B' : 'A') + token.substring(at + 1);
    }
}
