package io.jwtbench.service.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import io.smallrye.config.WithParentName;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operator-facing shape of JWT validation. Property names are a contract: tests,
 * application.properties and the README rely on them.
 */
@ConfigMapping(prefix = "jwt")
public interface JwtConfig {

    /** Trusted issuers by a short name of the operator's choosing (used in metrics and health). */
    Map<String, IssuerConfig> issuers();

    /** Tolerance applied to exp, nbf and iat. */
    @WithDefault("30s")
    Duration clockSkew();

    /** Tokens longer than this are refused before any decoding. */
    @WithDefault("8K")
    MemorySize maxTokenSize();

    CacheConfig cache();

    JwksConfig jwks();

    BenchIssuerConfig bench();

    interface IssuerConfig {
        /** Exact value of the iss claim. */
        String issuer();

        KeysConfig jwks();

        /** OpenID Connect discovery document; its jwks_uri is used and its issuer must match. */
        Optional<String> discoveryUrl();

        /** If set, aud must contain at least one of these. */
        Optional<List<String>> audience();

        /** If set, azp must equal this. */
        Optional<String> authorizedParty();

        /** JWS algorithms accepted for this issuer. */
        @WithDefault("RS256,PS256,ES256,EdDSA")
        List<String> algorithms();

        /** If set, the typ header must equal this (case-insensitive, "application/" prefix optional). */
        Optional<String> tokenType();

        /** Claims that must be present, in addition to exp which is always required. */
        Optional<List<String>> requiredClaims();
    }

    /** Exactly one of file, url, inline (or discovery-url on the issuer). */
    interface KeysConfig {
        Optional<String> file();

        Optional<String> url();

        Optional<String> inline();
    }

    interface CacheConfig {
        @WithDefault("true")
        boolean enabled();

        @WithDefault("10000")
        int maxSize();
    }

    /** The bench's own issuer, whose tokens the {@code jwt} bench target sends. */
    interface BenchIssuerConfig {
        /**
         * Registers the in-memory bench issuer (keys created at start-up, private keys never leave
         * memory, its tokens never authenticate a caller). Without it the jwt target can only use
         * a token file.
         */
        @WithDefault("true")
        boolean enabled();

        /** Real tokens, one per line, for runs with {@code "source":"file"}. */
        Optional<java.nio.file.Path> tokenFile();
    }

    interface JwksConfig {
        /** Scheduled refresh of JWKS fetched over HTTP. */
        @WithDefault("10m")
        Duration refreshInterval();

        /** Minimum time between two fetches triggered by unknown kids (they coalesce into one). */
        @WithDefault("5s")
        Duration minRefreshInterval();

        /** Connect and read timeout for JWKS and discovery fetches. */
        @WithDefault("5s")
        Duration timeout();

        /** A JWKS or discovery response larger than this is refused. */
        @WithDefault("1M")
        MemorySize maxSize();
    }
}
