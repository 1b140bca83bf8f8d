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
        return smallRye(properties).getConfigMapping(JwtConfig.class);
    }

    static SmallRyeConfig smallRye(Map<String, String> properties) {
        return new SmallRyeConfigBuilder()
                .withMapping(JwtConfig.class)
                .withConverter(MemorySize.class, 100, new MemorySizeConverter())
                .withConverter(java.time.Duration.class, 100, new io.quarkus.runtime.configuration.DurationConverter())
                .withSources(new MapBackedConfigSource("test", new HashMap<>(properties), 100) {
                })
                .build();
    }

    /** The start-up of the prod profile (production=true) or of dev/test. */
    static String startupError(Map<String, String> properties, boolean production) {
        ValidationSetup setup = new ValidationSetup();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            SmallRyeConfig raw = smallRye(properties);
            setup.useRawConfig(name -> raw.getConfigValue(name).getRawValue(), production);
            JwtConfig config = raw.getConfigMapping(JwtConfig.class);
            setup.validator(setup.issuerRegistry(config), config);
        });
        return e.getMessage();
    }

    static String startupError(Map<String, String> properties) {
        return startupError(properties, true);
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
    void anUnknownTlsConfigurationName() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.url", "https://a/certs",
                "jwt.issuers.a.tls-configuration-name", "corp-ca"));
        assertTrue(message.startsWith("jwt.issuers.a.tls-configuration-name: no TLS configuration named 'corp-ca'")
                && message.contains("quarkus.tls.corp-ca.trust-store"), message);
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
    void unknownSignatureProvider() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.inline", GOOD_JWKS,
                "jwt.crypto.eddsa", "bc"));
        assertEquals("jwt.crypto.eddsa: 'bc' is not auto, accp, bouncycastle or jdk", message);
    }

    @Test
    void jwksUrlThatIsNotHttp() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.url", "file:///etc/passwd"));
        assertTrue(message.startsWith("jwt.issuers.a.jwks.url: 'file:///etc/passwd' is not an absolute https URL"), message);
    }

    // --- key sources: plain HTTP, timeouts, bounds ---------------------------------------------------

    @Test
    void plainHttpKeySourcesAreRefused() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.url", "http://idp/certs"));
        assertTrue(message.startsWith("jwt.issuers.a.jwks.url: 'http://idp/certs' is plain http"), message);
        message = startupError(Map.of("jwt.issuers.a.issuer", "https://a",
                "jwt.issuers.a.discovery-url", "http://idp/.well-known/openid-configuration"));
        assertTrue(message.startsWith("jwt.issuers.a.discovery-url: 'http://idp/.well-known/openid-configuration' is plain http"), message);
    }

    @Test
    void theInsecureHttpOverrideIsDevelopmentOnly() {
        Map<String, String> props = Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.url", "http://idp/certs",
                "jwt.jwks.allow-insecure-http", "true");
        assertTrue(startupError(props, true).startsWith("jwt.jwks.allow-insecure-http: development only"));
        ValidationSetup dev = new ValidationSetup();
        SmallRyeConfig raw = smallRye(props);
        dev.useRawConfig(name -> raw.getConfigValue(name).getRawValue(), false);
        IssuerRegistry registry = dev.issuerRegistry(raw.getConfigMapping(JwtConfig.class));
        registry.all().forEach(i -> i.keys().close());
    }

    @Test
    void zeroMinRefreshIntervalIsRefused() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.url", "https://idp/certs",
                "jwt.jwks.min-refresh-interval", "0s"));
        assertTrue(message.startsWith("jwt.jwks.min-refresh-interval:"), message);
    }

    @Test
    void anEmptyAudienceIsRefusedNotIgnored() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.inline", GOOD_JWKS,
                "jwt.issuers.a.audience", ""));
        assertTrue(message.startsWith("jwt.issuers.a.audience: empty"), message);
    }

    @Test
    void callersNeedAnAudience() {
        String message = startupError(Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.inline", GOOD_JWKS,
                "jwt.issuers.a.callers.enabled", "true"));
        assertTrue(message.startsWith("jwt.issuers.a.callers.enabled: callers need an audience"), message);
    }

    @Test
    void callerDefaultsAreOffAndStrict() {
        ValidationSetup setup = new ValidationSetup();
        Map<String, String> props = Map.of("jwt.issuers.a.issuer", "https://a", "jwt.issuers.a.jwks.inline", GOOD_JWKS,
                "jwt.issuers.b.issuer", "https://b", "jwt.issuers.b.jwks.inline", GOOD_JWKS,
                "jwt.issuers.b.callers.enabled", "true", "jwt.issuers.b.callers.client-id", "jwt-bench");
        SmallRyeConfig raw = smallRye(props);
        setup.useRawConfig(name -> raw.getConfigValue(name).getRawValue(), true);
        IssuerRegistry registry = setup.issuerRegistry(raw.getConfigMapping(JwtConfig.class));
        assertEquals(Issuer.Callers.NONE, registry.byIss("https://a").callers());
        assertEquals(new Issuer.Callers(true, "jwt-bench", java.util.Set.of("jwt-bench"), "at+jwt"),
                registry.byIss("https://b").callers());
    }

    @Test
    void anIssuerThatAcceptsAnyAudienceIsWarnedAboutAtStartUp() {
        java.util.List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                if (record.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) {
                    warnings.add(String.valueOf(record.getMessage()) + " " + java.util.Arrays.toString(record.getParameters()));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(ValidationSetup.class.getName());
        logger.addHandler(handler);
        try {
            ValidationSetup setup = new ValidationSetup();
            SmallRyeConfig raw = smallRye(Map.of("jwt.issuers.open.issuer", "https://open", "jwt.issuers.open.jwks.inline", GOOD_JWKS,
                    "jwt.issuers.closed.issuer", "https://closed", "jwt.issuers.closed.jwks.inline", GOOD_JWKS,
                    "jwt.issuers.closed.audience", "orders-api"));
            setup.useRawConfig(name -> raw.getConfigValue(name).getRawValue(), true);
            setup.issuerRegistry(raw.getConfigMapping(JwtConfig.class));
        } finally {
            logger.removeHandler(handler);
        }
        assertEquals(1, warnings.stream().filter(w -> w.contains("any audience")).count(), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("any audience") && w.contains("open")), warnings.toString());
    }

    @Test
    void maxTokenLifetimeMustBePositive() {
        assertTrue(startupError(Map.of("jwt.max-token-lifetime", "0s")).startsWith("jwt.max-token-lifetime:"));
    }

    @Test
    void absurdLimits() {
        assertTrue(startupError(Map.of("jwt.max-token-size", "10")).startsWith("jwt.max-token-size:"));
        assertTrue(startupError(Map.of("jwt.cache.max-size", "0")).startsWith("jwt.cache.max-size:"));
    }
}
