package io.jwtbench.service.config;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The forward-auth route a gateway calls ({@code /jwt/auth}, docs/gateways.md): which claims become which
 * response headers, how long a gateway may cache an answer, and whose {@code X-Forwarded-*} headers are
 * believed. Property names are a contract: docs/configuration.md and ./application.properties list them.
 */
@ConfigMapping(prefix = "jwt.forward-auth")
public interface ForwardAuthConfig {

    /**
     * The claims → headers mapping of every issuer without its own {@code issuers.<name>.headers}:
     * {@code oauth2-proxy} ({@code X-Auth-Request-User} ← sub, {@code -Email} ← email, {@code -Groups} ← groups)
     * or {@code authelia} ({@code Remote-User}, {@code Remote-Email}, {@code Remote-Groups}, from the same claims).
     */
    @WithDefault("oauth2-proxy")
    String preset();

    /** Per issuer (its name under {@code jwt.issuers}, or {@code bench}): its own mapping instead of the preset. */
    Map<String, IssuerHeaders> issuers();

    /** A header value longer than this (once encoded) is not cut: the answer is a 403 {@code IDENTITY_TOO_LARGE}. */
    @WithDefault("4K")
    MemorySize maxHeaderBytes();

    /**
     * What a mapped header carries when its claim is absent, null or empty: every mapped header is always sent,
     * so that no gateway lets a client's own header of that name through.
     */
    @WithDefault("-")
    String absentValue();

    /** The longest {@code Cache-Control: private, max-age} of a 200; never beyond the token's exp. */
    @WithDefault("60s")
    Duration cacheMaxAge();

    /**
     * Peers (addresses or CIDR ranges) whose {@code X-Forwarded-*} and {@code X-Original-*} headers describe the
     * original request (logs); from anyone else they are ignored. None by default.
     */
    Optional<List<String>> trustedProxies();

    /**
     * Headers a 200 asks Envoy to remove from the request it forwards ({@code x-envoy-auth-headers-to-remove}),
     * e.g. {@code Authorization}. None by default (see docs/gateways.md, "Envoy": Envoy removes them after it
     * sets the identity headers, so the identity headers must not be among them).
     */
    Optional<List<String>> envoyHeadersToRemove();

    interface IssuerHeaders {
        /** Header name → claim (a dotted path into nested objects, e.g. {@code realm_access.roles}). */
        Map<String, String> headers();
    }
}
