package io.jwtbench.service.validation;

import io.jwtbench.service.config.JwtConfig;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.common.MapBackedConfigSource;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An operator's mistake in jwt.* stops start-up with the property and the problem. The mapping is
 * built by SmallRye Config from properties, exactly as at start-up.
 */
class ConfigErrorsTest {
    static final String GOOD_JWKS = io.jwtbench.service.testing.TestKey.jwks(io.jwtbench.service.testing.TestKey.ec256("k"));

    static JwtConfig config(Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(JwtConfig.class)
                .withConverter(MemorySize.class, 100, new MemorySizeConverter())
                .withConverter(java.time.Duration.class, 100, new io.quarkus.runtime.configuration.DurationConverter())
                .withSources(new MapBackedConfigSource("test", new HashMap<>(properties), 100) {
                })
                .build();
        return config.getConfigMapping(JwtConfig.class);
    }

    static String startupError(Map<String, String> properties) {
        ValidationSetup setup = new ValidationSetup();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            JwtConfig config = config(properties);
            setup.validator(setup.issuerRegistry(config), config);
        });
        return e.getMessage();
    }

    @Test
    void aValidConfigurationStarts() {
        ValidationSetup setup = new ValidationSetup();
        JwtConfig config = config(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.inline", GOOD_JWKS));
        IssuerRegistry registry = setup.issuerRegistry(config);
        assertEquals(List.of("a"), registry.all().stream().map(Issuer::name).toList());
        assertTrue(registry.byIss("https://a").keys().status().usable());
    }

    @Test
    void twoKeySourcesForOneIssuer() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.inline", GOOD_JWKS,
                "jwt.issuers.a.jwks.url", "https://a/certs"));
        assertTrue(message.contains("jwt.issuers.a.jwks: set exactly one of") && message.contains("(2 set)"), message);
    }

    @Test
    void noKeySource() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a"));
        assertTrue(message.contains("jwt.issuers.a.jwks: set exactly one of") && message.contains("(0 set)"), message);
    }

    @Test
    void symmetricAlgorithm() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.inline", GOOD_JWKS,
                "jwt.issuers.a.algorithms", "RS256,HS256"));
        assertTrue(message.startsWith("jwt.issuers.a.algorithms: 'HS256' is not supported"), message);
    }

    @Test
    void twoIssuersWithOneIss() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://same", "jwt.issuers.a.jwks.inline", GOOD_JWKS,
                "jwt.issuers.b.issuer", "https://same", "jwt.issuers.b.jwks.inline", GOOD_JWKS));
        assertTrue(message.contains("both have iss https://same"), message);
    }

    @Test
    void jwksUrlThatIsNotHttp() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.url", "file:///etc/passwd"));
        assertTrue(message.startsWith("jwt.issuers.a.jwks.url: 'file:///etc/passwd' is not an absolute http(s) URL"), message);
    }

    @Test
    void absurdLimits() {
        assertTrue(startupError(Map.of("jwt.max-token-size", "10")).startsWith("jwt.max-token-size:"));
        assertTrue(startupError(Map.of("jwt.cache.max-size", "0")).startsWith("jwt.cache.max-size:"));
    }
}
