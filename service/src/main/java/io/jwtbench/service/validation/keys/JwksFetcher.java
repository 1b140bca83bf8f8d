package io.jwtbench.service.validation.keys;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Fetches a JWKS over HTTPS, directly from a jwks_uri or via OpenID Connect discovery; when to fetch
 * is the {@link RefreshScheduler}'s business.
 *
 * <p>{@link HttpClient#sendAsync} only; continuations run on the given scheduler, never on a caller's
 * thread. The per-request timeout covers headers and body (the exchange is cancelled when it expires).
 * Only status 200 is accepted (a redirect is a failure: the client must not follow any) and the body is
 * bounded to maxBytes while it streams (a larger Content-Length is refused up front).
 *
 * <p>URLs are https (http only with the development override); with a host and no user info.
 *
 * <p>Discovery: the discovery document is fetched first; its "issuer" must equal the expected issuer
 * exactly and its "jwks_uri" must be an absolute https URI (an http one only with the development
 * override, and never from an https document). The resolved jwks_uri is cached; any failed fetch
 * forgets it ({@link #failed()}), so the next attempt re-reads the discovery document first (this also
 * picks up a moved jwks_uri).
 */
final class JwksFetcher implements RefreshScheduler.Fetcher {

    private final String origin;
    private final URI jwksUri;          // url mode
    private final URI discoveryUrl;     // discovery mode
    private final String expectedIssuer;
    private final RemoteSettings settings;
    private final HttpClient client;
    private final ScheduledExecutorService scheduler;
    private final Clock clock;
    private volatile URI resolvedJwksUri;

    private JwksFetcher(String origin, URI jwksUri, URI discoveryUrl, String expectedIssuer, RemoteSettings settings,
            HttpClient client, ScheduledExecutorService scheduler, Clock clock) {
        this.origin = origin;
        this.jwksUri = jwksUri;
        this.discoveryUrl = discoveryUrl;
        this.expectedIssuer = expectedIssuer;
        this.settings = java.util.Objects.requireNonNull(settings, "settings");
        this.client = java.util.Objects.requireNonNull(client, "client");
        this.scheduler = java.util.Objects.requireNonNull(scheduler, "scheduler");
        this.clock = java.util.Objects.requireNonNull(clock, "clock");
    }

    static JwksFetcher url(URI jwksUri, RemoteSettings s, HttpClient client, ScheduledExecutorService scheduler,
            Clock clock) {
        requireHttp(jwksUri, "jwksUri", s.allowInsecureHttp());
        requireNoRedirects(client);
        return new JwksFetcher("url:" + jwksUri, jwksUri, null, null, s, client, scheduler, clock);
    }

    static JwksFetcher discovery(URI discoveryUrl, String expectedIssuer, RemoteSettings s, HttpClient client,
            ScheduledExecutorService scheduler, Clock clock) {
        requireHttp(discoveryUrl, "discoveryUrl", s.allowInsecureHttp());
        requireNoRedirects(client);
        if (expectedIssuer == null || expectedIssuer.isEmpty()) {
            throw new IllegalArgumentException("expectedIssuer is required for discovery");
        }
        return new JwksFetcher("discovery:" + discoveryUrl, null, discoveryUrl, expectedIssuer, s, client,
                scheduler, clock);
    }

    /** Where the keys come from, e.g. {@code url:https://idp/certs}. */
    String origin() {
        return origin;
    }

    /** https (http only with the development override), absolute, with a host and no user info. */
    static void requireHttp(URI uri, String name, boolean allowInsecureHttp) {
        if (!isHttp(uri)) {
            throw new IllegalArgumentException(name + " must be an absolute https URI with a host: " + uri);
        }
        if (!allowInsecureHttp && !isHttps(uri)) {
            throw new IllegalArgumentException(name + " must use https (http is allowed only with the development"
                    + " override jwt.jwks.allow-insecure-http): " + uri);
        }
    }

    /** A redirect would be followed without the https and host checks: the client must not follow any. */
    static void requireNoRedirects(HttpClient client) {
        if (client.followRedirects() != HttpClient.Redirect.NEVER) {
            throw new IllegalArgumentException("the JWKS HttpClient must not follow redirects (Redirect.NEVER)");
        }
    }

    private static boolean isHttps(URI uri) {
        return uri.getScheme() != null && uri.getScheme().equalsIgnoreCase("https");
    }

    private static boolean isHttp(URI uri) {
        if (uri == null || !uri.isAbsolute() || uri.getHost() == null || uri.getRawUserInfo() != null) {
            return false;
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        return scheme.equals("http") || scheme.equals("https");
    }

    @Override
    public void failed() {
        if (discoveryUrl != null) {
            resolvedJwksUri = null; // re-read discovery on the next attempt
        }
    }

    @Override
    public CompletableFuture<KeySet> fetch() {
        CompletableFuture<URI> uri;
        if (jwksUri != null) {
            uri = CompletableFuture.completedFuture(jwksUri);
        } else {
            URI cached = resolvedJwksUri;
            uri = cached != null ? CompletableFuture.completedFuture(cached) : resolveDiscovery();
        }
        return uri.thenCompose(u -> get(u, "JWKS").thenApply(bytes -> {
            try {
                String where = jwksUri != null ? origin : origin + " (jwks_uri " + u + ")";
                KeySet set = JwksParser.parse(StaticKeySource.decodeUtf8(bytes, "JWKS from " + u), where,
                        clock.instant());
                if (set.isEmpty()) {
                    throw new JwksException("JWKS from " + u + " contains no usable keys");
                }
                return set;
            } catch (JwksException e) {
                throw new CompletionException(e);
            }
        }));
    }

    private CompletableFuture<URI> resolveDiscovery() {
        return get(discoveryUrl, "discovery document").thenApply(bytes -> {
            try {
                String json = StaticKeySource.decodeUtf8(bytes, "discovery document " + discoveryUrl);
                ObjectNode doc = JwksParser.readObject(json, discoveryUrl.toString(), "discovery document");
                JsonNode issuer = doc.get("issuer");
                if (issuer == null || !issuer.isTextual()) {
                    throw new JwksException("discovery document " + discoveryUrl + " has no \"issuer\"");
                }
                if (!expectedIssuer.equals(issuer.textValue())) {
                    throw new JwksException("discovery document " + discoveryUrl + " has issuer \""
                            + issuer.textValue() + "\" but the configured issuer is \"" + expectedIssuer + "\"");
                }
                JsonNode jwks = doc.get("jwks_uri");
                if (jwks == null || !jwks.isTextual()) {
                    throw new JwksException("discovery document " + discoveryUrl + " has no \"jwks_uri\"");
                }
                URI u;
                try {
                    u = new URI(jwks.textValue());
                } catch (java.net.URISyntaxException e) {
                    throw new JwksException("discovery document " + discoveryUrl + " has a malformed jwks_uri");
                }
                if (!isHttp(u)) {
                    throw new JwksException("discovery document " + discoveryUrl
                            + " has a jwks_uri that is not an absolute https URI: " + u);
                }
                // No downgrade: an https discovery document may only point to an https jwks_uri, and
                // without the development override every jwks_uri is https.
                if (!isHttps(u) && (isHttps(discoveryUrl) || !settings.allowInsecureHttp())) {
                    throw new JwksException("discovery document " + discoveryUrl
                            + " points to a jwks_uri that is not https: " + u);
                }
                resolvedJwksUri = u;
                return u;
            } catch (JwksException e) {
                throw new CompletionException(e);
            }
        });
    }

    /** GET with status, size and overall time bounds. Completes exceptionally on any failure. */
    private CompletableFuture<byte[]> get(URI uri, String what) {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(settings.timeout())
                .header("Accept", "application/json")
                .GET()
                .build();
        long max = settings.maxBytes();
        HttpResponse.BodyHandler<byte[]> handler = info -> {
            if (info.statusCode() != 200) {
                return new RefusingSubscriber(new JwksException(
                        what + " from " + uri + ": HTTP status " + info.statusCode() + " (expected 200)"));
            }
            OptionalLong length;
            try {
                length = info.headers().firstValueAsLong("Content-Length");
            } catch (NumberFormatException e) {
                length = OptionalLong.empty();
            }
            if (length.isPresent() && length.getAsLong() > max) {
                return new RefusingSubscriber(new JwksException(what + " from " + uri + " is "
                        + length.getAsLong() + " bytes, larger than the limit of " + max));
            }
            return new BoundedSubscriber(max, what + " from " + uri);
        };
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        CompletableFuture<HttpResponse<byte[]>> exchange;
        try {
            exchange = client.sendAsync(request, handler);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        // Continue on our own scheduler: HttpClient otherwise completes on the common pool, which
        // has a single worker on a 2-core machine and may be busy with anyone's work.
        exchange.whenCompleteAsync((response, err) -> {
            if (err != null) {
                result.completeExceptionally(err);
            } else {
                result.complete(response.body());
            }
        }, this::onScheduler);
        try {
            ScheduledFuture<?> timer = scheduler.schedule(() -> {
                if (result.completeExceptionally(new HttpTimeoutException(
                        what + " from " + uri + " timed out after " + settings.timeout().toMillis() + " ms"))) {
                    exchange.cancel(true);
                }
            }, settings.timeout().toMillis(), TimeUnit.MILLISECONDS);
            result.whenComplete((b, e) -> timer.cancel(false));
        } catch (RejectedExecutionException e) {
            // the request timeout on HttpRequest still bounds the wait for headers
        }
        return result;
    }

    /** Runs {@code task} on the scheduler, or here once the source is closed and the scheduler gone. */
    private void onScheduler(Runnable task) {
        try {
            scheduler.execute(task);
        } catch (RejectedExecutionException closed) {
            task.run();
        }
    }

    @Override
    public String describe(Throwable err) {
        Throwable t = err;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        String where = discoveryUrl != null && resolvedJwksUri != null ? " (jwks_uri " + resolvedJwksUri + ")" : "";
        String reason;
        if (t instanceof JwksException) {
            reason = t.getMessage();
        } else if (t instanceof HttpTimeoutException) {
            reason = "timed out: " + t.getMessage();
        } else if (t instanceof ConnectException) {
            reason = "connection failed" + where + ": " + (t.getMessage() != null ? t.getMessage() : t);
        } else {
            reason = t.getClass().getSimpleName() + where + (t.getMessage() != null ? ": " + t.getMessage() : "");
        }
        return origin + ": " + reason;
    }

    // ---------------------------------------------------------------- body subscribers

    /** Cancels at once and fails with the given reason (non-200, announced oversize). */
    private static final class RefusingSubscriber implements HttpResponse.BodySubscriber<byte[]> {
        private final CompletableFuture<byte[]> body;

        RefusingSubscriber(JwksException reason) {
            this.body = CompletableFuture.failedFuture(reason);
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.cancel();
        }

        @Override
        public void onNext(List<ByteBuffer> item) {
        }

        @Override
        public void onError(Throwable throwable) {
        }

        @Override
        public void onComplete() {
        }
    }

    /** Accumulates at most {@code max} bytes; cancels and fails as soon as more arrive. */
    private static final class BoundedSubscriber implements HttpResponse.BodySubscriber<byte[]> {
        private final long max;
        private final String what;
        private final CompletableFuture<byte[]> body = new CompletableFuture<>();
        private final java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
        private Flow.Subscription subscription;

        BoundedSubscriber(long max, String what) {
            this.max = max;
            this.what = what;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            this.subscription = s;
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            if (body.isDone()) {
                return;
            }
            for (ByteBuffer b : items) {
                if ((long) buffer.size() + b.remaining() > max) {
                    subscription.cancel();
                    body.completeExceptionally(new JwksException(what + " exceeds the limit of " + max + " bytes"));
                    return;
                }
                byte[] chunk = new byte[b.remaining()];
                b.get(chunk);
                buffer.write(chunk, 0, chunk.length);
            }
        }

        @Override
        public void onError(Throwable t) {
            body.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            body.complete(buffer.toByteArray());
        }
    }
}
