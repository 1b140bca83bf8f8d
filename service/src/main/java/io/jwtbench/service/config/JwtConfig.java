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
 * application.properties and docs/configuration.md rely on them.
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

    /**
     * If set, a token whose exp lies further than this after its iat (or after now, without iat) is
     * refused as INVALID_CLAIM. Unset: no limit.
     */
    Optional<Duration> maxTokenLifetime();

    CacheConfig cache();

    CryptoConfig crypto();

    JwksConfig jwks();

    BenchIssuerConfig bench();

    interface IssuerConfig {
        /** Exact value of the iss claim. */
        String issuer();

        KeysConfig jwks();

        /** OpenID Connect discovery document; its jwks_uri is used and its issuer must match. */
        Optional<String> discoveryUrl();

        /**
         * The name of a Quarkus TLS registry configuration ({@code quarkus.tls.<name>.*}) whose trust store
         * this issuer's JWKS and discovery fetches trust, e.g. an internal CA; unset: the JVM's default
         * trust store. An unknown name stops start-up.
         */
        Optional<String> tlsConfigurationName();

        /**
         * If set, aud must contain at least one of these. Unset: any audience (start-up warns); an
         * empty value is refused (it would otherwise silently mean "any").
         */
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

        /** Whether and how this issuer's tokens authenticate callers of Quarkus HTTP security (/q/bench). */
        CallersConfig callers();
    }

    /**
     * Tokens that authenticate a caller (the Bearer mechanism: who may start or cancel a bench). Off
     * by default: an issuer configured only to be validated at /jwt/validate grants nothing.
     */
    interface CallersConfig {
        /** May this issuer's tokens authenticate callers at all? */
        @WithDefault("false")
        boolean enabled();

        /**
         * This service's own client id at the issuer: roles come from realm_access.roles and
         * resource_access.&lt;client-id&gt;.roles only (never another client's roles, never a
         * top-level roles claim). Unset: realm roles only.
         */
        Optional<String> clientId();

        /**
         * aud must contain one of these for a caller. Unset: the issuer's audience, else the
         * client id; with none of the three, enabling callers is a start-up error.
         */
        Optional<List<String>> audience();

        /** typ header a caller's token must carry (RFC 9068 §2.1); "any" turns the check off. */
        @WithDefault("at+jwt")
        String tokenType();
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

        /** Most cached tokens. */
        @WithDefault("10000")
        int maxSize();

        /**
         * Most heap the cache may hold, by estimate: an entry counts what it holds (its parsed claims object by
         * object, the bytes it matches on, its rendered answer), and at least max-bytes / max-size. Large tokens
         * thus fill it with fewer entries; typical ones (about 1 KB) are bounded by max-size first.
         */
        @WithDefault("64M")
        MemorySize maxBytes();
    }

    /**
     * Which library verifies signatures: {@code auto} (the fastest that loads here: the Amazon Corretto Crypto
     * Provider where its native library loads, else the JDK for RSA and BouncyCastle for ECDSA and Ed25519),
     * {@code accp}, {@code bouncycastle} (ECDSA and Ed25519; RSA stays the JDK's) or {@code jdk}. The same checks
     * apply with each. Ed448 is always the JDK's.
     */
    interface CryptoConfig {
        /** Every family, unless one is set on its own below. */
        @WithDefault("auto")
        String provider();

        /** RS256..512, PS256..512. */
        Optional<String> rsa();

        /** ES256, ES384, ES512. */
        Optional<String> ecdsa();

        /** EdDSA with Ed25519 keys. */
        Optional<String> eddsa();
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

        /**
         * Lets the {@code jwt} target's {@code slowdownUs} option burn a known amount of CPU per request, to
         * measure how well a check of two builds sees a slowdown (scripts/ab.sh). Never in production.
         */
        @WithDefault("false")
        boolean slowdownInjection();
    }

    interface JwksConfig {
        /** Scheduled refresh of JWKS fetched over HTTP. */
        @WithDefault("10m")
        Duration refreshInterval();

        /** Minimum time between two fetches triggered by unknown kids (they coalesce into one); above zero. */
        @WithDefault("5s")
        Duration minRefreshInterval();

        /**
         * A kid that a fetch did not find is answered UNKNOWN_KEY without a new fetch until the next fetch
         * is permitted (min-refresh-interval after the one that missed it), and never longer than this
         * (a negative cache, cleared whenever the keys change). Then it is looked up again.
         */
        @WithDefault("30s")
        Duration unknownKidTtl();

        /** Most requests per issuer waiting for an unknown-kid fetch; more are answered UNKNOWN_KEY at once. */
        @WithDefault("256")
        int maxWaiting();

        /**
         * Development only: allow http:// JWKS and discovery URLs. Refused in the prod profile;
         * https is required otherwise, an https discovery document may not point to an http jwks_uri,
         * and redirects are never followed.
         */
        @WithDefault("false")
        boolean allowInsecureHttp();

        /** Connect and read timeout for JWKS and discovery fetches. */
        @WithDefault("5s")
        Duration timeout();

        /** A JWKS or discovery response larger than this is refused. */
        @WithDefault("1M")
        MemorySize maxSize();
    }
}
