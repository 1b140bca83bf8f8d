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
    private HttpClient httpClient;

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
        TokenCache cache = config.cache().enabled() ? new TokenCache(config.cache().maxSize()) : null;
        long maxSize = config.maxTokenSize().asLongValue();
        if (maxSize < 64 || maxSize > 1 << 20) {
            throw new IllegalStateException("jwt.max-token-size: " + maxSize + " bytes is outside 64 bytes..1M");
        }
        if (config.cache().maxSize() < 1) {
            throw new IllegalStateException("jwt.cache.max-size: must be at least 1 (use jwt.cache.enabled=false to turn it off)");
        }
        return new JwtValidator(issuers, config.clockSkew(), (int) maxSize, Clock.systemUTC(), cache);
    }

    /** Creates the issuers (and starts their key loading) eagerly, not on the first request. */
    void onStart(@Observes StartupEvent event, IssuerRegistry issuers) {
        issuers.all();
    }

    void onStop(@Observes ShutdownEvent event, IssuerRegistry issuers) {
        issuers.all().forEach(issuer -> issuer.keys().close());
        scheduler.shutdownNow();
    }

    private Issuer issuer(String name, IssuerConfig c, JwtConfig config) {
        String prefix = "jwt.issuers." + name + ".";
        return new Issuer(name, c.issuer(), keySource(prefix, c, config), algorithms(prefix, c.algorithms()),
                Set.copyOf(c.audience().orElse(List.of())), c.authorizedParty().orElse(null),
                c.tokenType().orElse(null), c.requiredClaims().orElse(List.of()), true);
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
        RemoteSettings settings = new RemoteSettings(config.jwks().refreshInterval(), config.jwks().minRefreshInterval(),
                config.jwks().timeout(), config.jwks().maxSize().asLongValue());
        if (url.isPresent()) {
            return KeySources.url(httpUri(prefix + "jwks.url", url.get()), settings, httpClient(config), scheduler, Clock.systemUTC());
        }
        return KeySources.discovery(httpUri(prefix + "discovery-url", discovery.get()), c.issuer(), settings,
                httpClient(config), scheduler, Clock.systemUTC());
    }

    private synchronized HttpClient httpClient(JwtConfig config) {
        if (httpClient == null) {
            httpClient = HttpClient.newBuilder()
                    .connectTimeout(config.jwks().timeout())
                    .followRedirects(HttpClient.Redirect.NORMAL)
                    .build();
        }
        return httpClient;
    }

    private static URI httpUri(String property, String value) {
        try {
            URI uri = URI.create(value);
            if (uri.getHost() != null && ("https".equalsIgnoreCase(uri.getScheme()) || "http".equalsIgnoreCase(uri.getScheme()))) {
                return uri;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new IllegalStateException(property + ": '" + value + "' is not an absolute http(s) URL");
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
