package io.jwtbench.service.validation.keys;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;

/**
 * JWKS fetched over HTTPS, directly from a jwks_uri or via OIDC discovery: a {@link JwksFetcher} (HTTP,
 * bounded bodies, https and redirect rules, discovery) driven by a {@link RefreshScheduler} (when to
 * fetch, who waits, the negative cache), whose time is a {@link RefreshTimer} over the given scheduler
 * and clock.
 */
final class RemoteKeySource {

    private RemoteKeySource() {
    }

    static KeySource url(URI jwksUri, RemoteSettings s, HttpClient client, ScheduledExecutorService scheduler,
            Clock clock) {
        JwksFetcher fetcher = JwksFetcher.url(jwksUri, s, client, scheduler, clock);
        return new RefreshScheduler(fetcher.origin(), s, fetcher, RefreshTimer.of(scheduler, clock));
    }

    static KeySource discovery(URI discoveryUrl, String expectedIssuer, RemoteSettings s, HttpClient client,
            ScheduledExecutorService scheduler, Clock clock) {
        JwksFetcher fetcher = JwksFetcher.discovery(discoveryUrl, expectedIssuer, s, client, scheduler, clock);
        return new RefreshScheduler(fetcher.origin(), s, fetcher, RefreshTimer.of(scheduler, clock));
    }
}
