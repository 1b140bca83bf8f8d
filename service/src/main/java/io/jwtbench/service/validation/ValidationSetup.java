package io.jwtbench.service.validation;

import io.jwtbench.service.config.JwtConfig;
import io.jwtbench.service.config.JwtConfig.IssuerConfig;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySources;
import io.jwtbench.service.validation.keys.RemoteSettings;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Turns {@code jwt.*} configuration into the validator and its issuers. A configuration error
 * stops start-up with the property name and what is wrong: an operator learns at deploy time,
 * not from the first 401.
 */
@ApplicationScoped
public class ValidationSetup {
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "jwks-refresh");
        t.setDaemon(true);
        return t;
    });
    /** Answers that waited for an unknown-kid JWKS fetch are computed here, not on jwks-refresh. */
    private final java.util.concurrent.ExecutorService completions = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "jwks-kid-retry");
        t.setDaemon(true);
        return t;
    });
    private HttpClient httpClient;
    /** One client per TLS registry configuration an issuer names ({@code tls-configuration-name}). */
    private final Map<String, HttpClient> tlsClients = new java.util.HashMap<>();
    /** The Quarkus TLS registry; null where tests build the configuration by hand. */
    @jakarta.inject.Inject
    jakarta.enterprise.inject.Instance<io.quarkus.tls.TlsConfigurationRegistry> tlsRegistry;
    /** The raw text of a property, null if unset: to tell "audience=" from an absent audience. */
    private java.util.function.Function<String, String> rawConfig = name -> {
        org.eclipse.microprofile.config.ConfigValue value = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getConfigValue(name);
        return value == null ? null : value.getRawValue();
    };
    /** True in the prod profile, where the development-only overrides are refused. */
    private java.util.function.BooleanSupplier production = () -> io.quarkus.runtime.LaunchMode.current()
            == io.quarkus.runtime.LaunchMode.NORMAL;
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(ValidationSetup.class);

    /** For tests building the configuration by hand. */
    void useRawConfig(java.util.function.Function<String, String> raw, boolean production) {
        this.rawConfig = raw;
        this.production = () -> production;
    }

    @Produces
    @Singleton
    IssuerRegistry issuerRegistry(JwtConfig config) {
        List<Issuer> issuers = new ArrayList<>();
        for (Map.Entry<String, IssuerConfig> entry : config.issuers().entrySet()) {
            issuers.add(issuer(entry.getKey(), entry.getValue(), config));
        }
        IssuerRegistry registry;
        try {
            registry = new IssuerRegistry(issuers);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("jwt.issuers: " + e.getMessage(), e);
        }
        issuers.forEach(issuer -> issuer.keys().start());
        return registry;
    }

    @Produces
    @Singleton
    JwtValidator validator(IssuerRegistry issuers, JwtConfig config) {
        // A cached result lives no longer than one JWKS refresh interval (and is bound to the key set).
        TokenCache cache = config.cache().enabled()
                ? new TokenCache(Math.max(1, config.cache().maxSize()), config.jwks().refreshInterval(),
                        Math.max(1, config.cache().maxBytes().asLongValue())) : null;
        long maxSize = config.maxTokenSize().asLongValue();
        if (maxSize < 64 || maxSize > 1 << 20) {
            throw new IllegalStateException("jwt.max-token-size: " + maxSize + " bytes is outside 64 bytes..1M");
        }
        if (config.cache().maxBytes().asLongValue() < 64 * 1024) {
            throw new IllegalStateException("jwt.cache.max-bytes: " + config.cache().maxBytes().asLongValue()
                    + " bytes is below 64K (use jwt.cache.enabled=false to turn the cache off)");
        }
        if (config.cache().maxSize() < 1) {
            throw new IllegalStateException("jwt.cache.max-size: must be at least 1 (use jwt.cache.enabled=false to turn it off)");
        }
        java.time.Duration lifetime = config.maxTokenLifetime().orElse(null);
        if (lifetime != null && (lifetime.isNegative() || lifetime.isZero())) {
            throw new IllegalStateException("jwt.max-token-lifetime: " + lifetime + " must be positive (remove it for no limit)");
        }
        SignatureProviders providers = CryptoChoice.resolve(config.crypto());
        return new JwtValidator(issuers, config.clockSkew(), (int) maxSize, Clock.systemUTC(), cache, lifetime)
                .completeOn(completions)
                .verifyWith(providers);
    }

    /** Creates the issuers (and starts their key loading) eagerly, not on the first request. */
    void onStart(@Observes StartupEvent event, IssuerRegistry issuers) {
        issuers.all();
    }

    void onStop(@Observes ShutdownEvent event, IssuerRegistry issuers) {
        issuers.all().forEach(issuer -> issuer.keys().close());
        scheduler.shutdownNow();
        completions.shutdownNow();
    }

    private Issuer issuer(String name, IssuerConfig c, JwtConfig config) {
        String prefix = "jwt.issuers." + name + ".";
        Set<String> audience = audience(prefix + "audience", c.audience());
        if (audience.isEmpty()) {
            LOG.warnf("Issuer %s accepts tokens for any audience: set %saudience to this service's audience"
                    + " (RFC 8725 §3.9)", name, prefix);
        }
        Issuer.Callers callers = callers(prefix + "callers.", c.callers(), audience);
        return new Issuer(name, c.issuer(), keySource(prefix, c, config), algorithms(prefix, c.algorithms()),
                audience, c.authorizedParty().orElse(null),
                c.tokenType().orElse(null), c.requiredClaims().orElse(List.of()), callers);
    }

    /** An explicitly empty list is an error: it would silently mean "no check". */
    private Set<String> audience(String property, Optional<List<String>> configured) {
        String raw = rawConfig.apply(property);
        if (configured.isEmpty() && raw != null && raw.isBlank()) {
            throw new IllegalStateException(property + ": empty; name the audience(s) this service accepts, or remove the"
                    + " property to accept any audience (not recommended)");
        }
        Set<String> out = new java.util.LinkedHashSet<>();
        for (String a : configured.orElse(List.of())) {
            if (a.isBlank()) {
                throw new IllegalStateException(property + ": contains an empty audience");
            }
            out.add(a.trim());
        }
        return out;
    }

    private Issuer.Callers callers(String prefix, JwtConfig.CallersConfig c, Set<String> issuerAudience) {
        if (!c.enabled()) {
            return Issuer.Callers.NONE;
        }
        Set<String> audience = audience(prefix + "audience", c.audience());
        if (audience.isEmpty()) {
            audience = !issuerAudience.isEmpty() ? issuerAudience : c.clientId().map(Set::of).orElse(Set.of());
        }
        if (audience.isEmpty()) {
            throw new IllegalStateException(prefix + "enabled: callers need an audience; set " + prefix + "audience, "
                    + prefix + "client-id or the issuer's audience");
        }
        String type = c.tokenType().trim();
        if (type.isEmpty()) {
            throw new IllegalStateException(prefix + "token-type: empty; use at+jwt, another typ, or any");
        }
        return new Issuer.Callers(true, c.clientId().orElse(null), audience,
                type.equalsIgnoreCase("any") ? null : type);
    }

    private KeySource keySource(String prefix, IssuerConfig c, JwtConfig config) {
        Optional<String> file = c.jwks().file();
        Optional<String> url = c.jwks().url();
        Optional<String> inline = c.jwks().inline();
        Optional<String> discovery = c.discoveryUrl();
        long sources = present(file, url, inline, discovery);
        if (sources != 1) {
            throw new IllegalStateException(prefix + "jwks: set exactly one of " + prefix + "jwks.file, " + prefix
                    + "jwks.url, " + prefix + "jwks.inline, " + prefix + "discovery-url (" + sources + " set)");
        }
        if (file.isPresent()) {
            return KeySources.file(Path.of(file.get()));
        }
        if (inline.isPresent()) {
            return KeySources.inline(inline.get());
        }
        RemoteSettings settings = remoteSettings(config);
        HttpClient client = c.tlsConfigurationName().isPresent()
                ? tlsClient(prefix + "tls-configuration-name", c.tlsConfigurationName().get().trim(), config)
                : httpClient(config);
        if (url.isPresent()) {
            return KeySources.url(httpUri(prefix + "jwks.url", url.get(), settings.allowInsecureHttp()), settings, client, scheduler, Clock.systemUTC());
        }
        return KeySources.discovery(httpUri(prefix + "discovery-url", discovery.get(), settings.allowInsecureHttp()), c.issuer(), settings,
                client, scheduler, Clock.systemUTC());
    }

    private RemoteSettings remoteSettings(JwtConfig config) {
        JwtConfig.JwksConfig j = config.jwks();
        if (!j.minRefreshInterval().isPositive()) {
            throw new IllegalStateException("jwt.jwks.min-refresh-interval: " + j.minRefreshInterval()
                    + " must be above zero (it limits how often unknown kids can make the service fetch)");
        }
        if (!j.refreshInterval().isPositive() || !j.timeout().isPositive() || !j.unknownKidTtl().isPositive()) {
            throw new IllegalStateException("jwt.jwks.refresh-interval, timeout and unknown-kid-ttl must be above zero");
        }
        if (j.maxWaiting() < 1) {
            throw new IllegalStateException("jwt.jwks.max-waiting: must be at least 1");
        }
        if (j.allowInsecureHttp() && production.getAsBoolean()) {
            throw new IllegalStateException("jwt.jwks.allow-insecure-http: development only, refused in production;"
                    + " serve the JWKS and discovery document over https");
        }
        if (j.allowInsecureHttp()) {
            LOG.warn("jwt.jwks.allow-insecure-http=true: JWKS and discovery may be fetched over plain http (development only)");
        }
        return new RemoteSettings(j.refreshInterval(), j.minRefreshInterval(), j.timeout(), j.maxSize().asLongValue(),
                j.unknownKidTtl(), j.maxWaiting(), j.allowInsecureHttp());
    }

    private synchronized HttpClient httpClient(JwtConfig config) {
        if (httpClient == null) {
            httpClient = newClient(config).build();
        }
        return httpClient;
    }

    /** Redirects are never followed: a 3xx is a failed fetch (a redirect could leave https or the configured host unchecked). */
    private static HttpClient.Builder newClient(JwtConfig config) {
        return HttpClient.newBuilder().connectTimeout(config.jwks().timeout()).followRedirects(HttpClient.Redirect.NEVER);
    }

    /** A client that trusts what TLS registry configuration {@code name} trusts (its trust store), nothing else. */
    private synchronized HttpClient tlsClient(String property, String name, JwtConfig config) {
        HttpClient client = tlsClients.get(name);
        if (client != null) {
            return client;
        }
        io.quarkus.tls.TlsConfiguration tls = tlsRegistry == null || !tlsRegistry.isResolvable() ? null
                : tlsRegistry.get().get(name).orElse(null);
        if (tls == null) {
            throw new IllegalStateException(property + ": no TLS configuration named '" + name + "' (configure quarkus.tls."
                    + name + ".trust-store.pem.certs, or .p12/.jks, with the CA that signed the issuer's certificate)");
        }
        if (tls.isTrustAll()) { // the keys are the root of every token's trust: whoever answers must prove who it is
            throw new IllegalStateException(property + ": TLS configuration '" + name + "' trusts all certificates "
                    + "(quarkus.tls." + name + ".trust-all); refused for key fetches: give it the CA's trust store");
        }
        if (tls.getTrustStore() == null) {
            throw new IllegalStateException(property + ": TLS configuration '" + name + "' has no trust store (quarkus.tls."
                    + name + ".trust-store.*)");
        }
        try {
            client = newClient(config).sslContext(tls.createSSLContext()).build();
        } catch (Exception e) {
            throw new IllegalStateException(property + ": TLS configuration '" + name + "' cannot make an SSL context: "
                    + e.getMessage(), e);
        }
        tlsClients.put(name, client);
        return client;
    }

    private URI httpUri(String property, String value, boolean allowInsecureHttp) {
        URI uri = null;
        try {
            uri = URI.create(value);
        } catch (IllegalArgumentException e) {
            // reported below
        }
        if (uri == null || uri.getHost() == null || uri.getScheme() == null) {
            throw new IllegalStateException(property + ": '" + value + "' is not an absolute https URL");
        }
        if ("https".equalsIgnoreCase(uri.getScheme())) {
            return uri;
        }
        if ("http".equalsIgnoreCase(uri.getScheme())) {
            if (allowInsecureHttp) {
                return uri;
            }
            throw new IllegalStateException(property + ": '" + value + "' is plain http; keys must come over https"
                    + " (jwt.jwks.allow-insecure-http=true is a development-only override)");
        }
        throw new IllegalStateException(property + ": '" + value + "' is not an absolute https URL");
    }

    private static Set<JwsAlgorithm> algorithms(String prefix, List<String> names) {
        Set<JwsAlgorithm> algorithms = EnumSet.noneOf(JwsAlgorithm.class);
        for (String name : names) {
            JwsAlgorithm alg = JwsAlgorithm.of(name.trim());
            if (alg == null) {
                throw new IllegalStateException(prefix + "algorithms: '" + name + "' is not supported; use any of "
                        + List.of(JwsAlgorithm.values()) + " (symmetric HS* and none are never accepted)");
            }
            algorithms.add(alg);
        }
        return algorithms;
    }

    private static long present(Optional<?>... values) {
        return java.util.Arrays.stream(values).filter(Optional::isPresent).count();
    }
}
