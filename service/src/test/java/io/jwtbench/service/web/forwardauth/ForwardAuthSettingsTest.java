package io.jwtbench.service.web.forwardauth;

import io.jwtbench.service.config.ForwardAuthConfig;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.common.MapBackedConfigSource;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An operator's mistake in {@code jwt.forward-auth.*} stops start-up with the property and the problem. The
 * mapping is built by SmallRye Config from properties, exactly as at start-up.
 */
class ForwardAuthSettingsTest {
    static final Set<String> ISSUERS = Set.of("keycloak", "bench");

    static ForwardAuthSettings settings(Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder().withMapping(ForwardAuthConfig.class)
                .withConverter(MemorySize.class, 100, new MemorySizeConverter())
                .withConverter(java.time.Duration.class, 100, new io.quarkus.runtime.configuration.DurationConverter())
                .withSources(new MapBackedConfigSource("test", new HashMap<>(properties), 100) {
                }).build();
        return ForwardAuthSettings.from(config.getConfigMapping(ForwardAuthConfig.class), ISSUERS);
    }

    static String startupError(Map<String, String> properties) {
        return assertThrows(IllegalStateException.class, () -> settings(properties)).getMessage();
    }

    @Test
    void theDefaultsAreTheOauth2ProxyPresetAMinuteOfCacheAndNoTrustedProxy() {
        ForwardAuthSettings s = settings(Map.of());
        assertEquals(List.of("X-Auth-Request-User", "X-Auth-Request-Email", "X-Auth-Request-Groups"),
                java.util.Arrays.stream(s.identity().names()).map(CharSequence::toString).toList());
        assertEquals(60, s.cacheMaxAge());
        assertTrue(s.trustedProxies().isEmpty());
        assertNull(s.envoyRemove());
    }

    @Test
    void autheliasPresetAndAnIssuersOwnHeadersAreAllSent() {
        ForwardAuthSettings s = settings(Map.of("jwt.forward-auth.preset", "Authelia",
                "jwt.forward-auth.issuers.keycloak.headers.Remote-User", "preferred_username",
                "jwt.forward-auth.issuers.keycloak.headers.Remote-Roles", "realm_access.roles"));
        assertEquals(List.of("Remote-User", "Remote-Email", "Remote-Groups", "Remote-Roles"),
                java.util.Arrays.stream(s.identity().names()).map(CharSequence::toString).toList());
    }

    @Test
    void aTrustedProxyListThatDoesNotParseStopsStartUpNamingTheProperty() {
        for (String bad : List.of("10.0.0.0/33", "proxy.example", "10.0.0.1/x", "999.1.1.1", "fd00::/129")) {
            String message = startupError(Map.of("jwt.forward-auth.trusted-proxies", "127.0.0.1," + bad));
            assertTrue(message.startsWith("jwt.forward-auth.trusted-proxies: '" + bad + "'"), message);
        }
    }

    @Test
    void mappingMistakesStopStartUpNamingTheProperty() {
        assertTrue(startupError(Map.of("jwt.forward-auth.preset", "nginx")).startsWith("jwt.forward-auth.preset: 'nginx' is not a preset"));
        assertTrue(startupError(Map.of("jwt.forward-auth.issuers.okta.headers.X-User", "sub"))
                .startsWith("jwt.forward-auth.issuers.okta: no issuer is named 'okta'"));
        for (String header : List.of("Content-Length", "Authorization", "X-Envoy-Original-Path", "Set-Cookie", "X-Auth-Reason", "X User")) {
            String message = startupError(Map.of("jwt.forward-auth.issuers.keycloak.headers.\"" + header + "\"", "sub"));
            assertTrue(message.startsWith("jwt.forward-auth.issuers.keycloak.headers." + header + ": "), message);
        }
        assertTrue(startupError(Map.of("jwt.forward-auth.issuers.keycloak.headers.X-User", "sub",
                "jwt.forward-auth.issuers.keycloak.headers.x-user", "email")).contains("mapped twice"));
        assertTrue(startupError(Map.of("jwt.forward-auth.absent-value", "n/a ")).startsWith("jwt.forward-auth.absent-value:"));
        assertTrue(startupError(Map.of("jwt.forward-auth.max-header-bytes", "10")).startsWith("jwt.forward-auth.max-header-bytes:"));
        assertTrue(startupError(Map.of("jwt.forward-auth.cache-max-age", "2h")).startsWith("jwt.forward-auth.cache-max-age:"));
    }

    @Test
    void envoyMayRemoveTheTokenButNeverAnIdentityHeader() {
        assertEquals("Authorization, Cookie", settings(Map.of("jwt.forward-auth.envoy-headers-to-remove", "Authorization,Cookie"))
                .envoyRemove().toString());
        String message = startupError(Map.of("jwt.forward-auth.envoy-headers-to-remove", "Authorization,X-Auth-Request-User"));
        assertTrue(message.startsWith("jwt.forward-auth.envoy-headers-to-remove: 'X-Auth-Request-User' is an identity header"), message);
        assertTrue(startupError(Map.of("jwt.forward-auth.envoy-headers-to-remove", "Host")).contains("cannot be removed"));
    }
}
