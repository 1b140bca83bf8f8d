package io.jwtbench.service.validation.keys;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Factories for {@link KeySource}s. Nothing is loaded until {@link KeySource#start()}.
 *
 * <p>The caller owns the {@link HttpClient} (connect timeout; it must use {@code Redirect.NEVER}: a redirect is
 * a failed fetch, never followed unchecked) and the scheduler; {@link KeySource#close()} shuts neither down.
 * Remote fetches are started from the scheduler and completed on the client's executor, so neither should be a Vert.x
 * event loop that must not block on parsing (parsing is CPU-only and bounded by maxBytes).
 */
public final class KeySources {

    private KeySources() {
    }

    /** A JWKS file read once at start(); a missing or bad file leaves the source not usable with lastError set. */
    public static KeySource file(Path path) {
        return StaticKeySource.file(Objects.requireNonNull(path, "path"), Clock.systemUTC());
    }

    /** A JWKS given as JSON text, parsed at start(); bad JSON leaves the source not usable with lastError set. */
    public static KeySource inline(String json) {
        return StaticKeySource.inline(json, Clock.systemUTC());
    }

    /**
     * A JWKS fetched from {@code jwksUri}.
     *
     * @throws IllegalArgumentException if the URI is not an absolute https URI with a host (http only with
     *                                  {@link RemoteSettings#allowInsecureHttp()}), or the client follows redirects
     */
    public static KeySource url(URI jwksUri, RemoteSettings s, HttpClient client, ScheduledExecutorService scheduler,
            Clock clock) {
        return RemoteKeySource.url(jwksUri, s, client, scheduler, clock);
    }

    /**
     * A JWKS found through an OpenID Connect discovery document whose "issuer" must equal {@code expectedIssuer}.
     *
     * @throws IllegalArgumentException if the URL is not an absolute https URI with a host (http only with
     *                                  {@link RemoteSettings#allowInsecureHttp()}), the client follows redirects,
     *                                  or the issuer is empty
     */
    public static KeySource discovery(URI discoveryUrl, String expectedIssuer, RemoteSettings s, HttpClient client,
            ScheduledExecutorService scheduler, Clock clock) {
        return RemoteKeySource.discovery(discoveryUrl, expectedIssuer, s, client, scheduler, clock);
    }
}
