package io.jwtbench.service.validation.keys;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jboss.logging.Logger;

import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * JWKS fetched over HTTP, directly from a jwks_uri or via OIDC discovery.
 *
 * <p>Fetching: {@link HttpClient#sendAsync} only; every fetch is started from the scheduler, never on a caller's
 * thread. The per-request timeout covers headers and body (the exchange is cancelled when it expires). Only status
 * 200 is accepted and the body is bounded to maxBytes while it streams (a larger Content-Length is refused up front).
 *
 * <p>Scheduling: all fetches (first load, scheduled refresh, unknown-kid refresh, retry) go through one queue: at most
 * one fetch in flight, at most one fetch started per minRefreshInterval; requests arriving meanwhile share the single
 * pending "next" fetch. While the source has no usable keys, failed loads are retried with exponential backoff
 * (max(minRefreshInterval, 1s) doubling up to refreshInterval).
 *
 * <p>Failures (connection, timeout, non-200, oversize, bad JSON, no usable key) keep the last good set and record
 * lastError; a success replaces the set atomically and clears lastError.
 *
 * <p>Discovery: the discovery document is fetched first; its "issuer" must equal the expected issuer exactly and its
 * "jwks_uri" must be an absolute http(s) URI. The resolved jwks_uri is cached; any failed fetch forgets it, so the next
 * attempt re-reads the discovery document first (this also picks up a moved jwks_uri).
 */
final class RemoteKeySource implements KeySource {

    private static final Logger LOG = Logger.getLogger(RemoteKeySource.class);

    /**
     * Bound on remembered "looked for and not found" kids (kids are at most 256 printable characters,
     * so this is at most ~256 KB per issuer); random kids beyond it still cannot cause more than one
     * fetch per minRefreshInterval.
     */
    static final int MAX_MISSING_KIDS = 1_000;

    private record FetchResult(long seq, boolean success) {
    }

    private record Fetch(long seq, CompletableFuture<FetchResult> future) {
    }

    private final String origin;
    private final URI jwksUri;          // url mode
    private final URI discoveryUrl;     // discovery mode
    private final String expectedIssuer;
    private final RemoteSettings settings;
    private final HttpClient client;
    private final ScheduledExecutorService scheduler;
    private final Clock clock;

    private volatile KeySet current = KeySet.empty();
    private volatile Instant lastSuccess;
    private volatile Instant lastAttempt;
    private volatile String lastError;
    private volatile URI resolvedJwksUri;
    /** The negative cache: kid → clock millis until which it is answered without a fetch. */
    private final ConcurrentHashMap<String, Long> missingKids = new ConcurrentHashMap<>();
    /** Requests waiting for an unknown-kid fetch; capped at settings.maxWaiting(). */
    private final java.util.concurrent.atomic.AtomicInteger waiting = new java.util.concurrent.atomic.AtomicInteger();

    private final Object lock = new Object();
    // guarded by lock
    private boolean started;
    private boolean closed;
    private long startedSeq;
    private Instant lastFetchStart;
    private Fetch inFlight;
    private CompletableFuture<FetchResult> pending;
    private ScheduledFuture<?> pendingTimer;
    private ScheduledFuture<?> refreshTask;
    private ScheduledFuture<?> retryTimer;
    private int consecutiveFailures;

    private RemoteKeySource(String origin, URI jwksUri, URI discoveryUrl, String expectedIssuer, RemoteSettings settings,
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

    static RemoteKeySource url(URI jwksUri, RemoteSettings s, HttpClient client, ScheduledExecutorService scheduler,
            Clock clock) {
        requireHttp(jwksUri, "jwksUri", s.allowInsecureHttp());
        requireNoRedirects(client);
        return new RemoteKeySource("url:" + jwksUri, jwksUri, null, null, s, client, scheduler, clock);
    }

    static RemoteKeySource discovery(URI discoveryUrl, String expectedIssuer, RemoteSettings s, HttpClient client,
            ScheduledExecutorService scheduler, Clock clock) {
        requireHttp(discoveryUrl, "discoveryUrl", s.allowInsecureHttp());
        requireNoRedirects(client);
        if (expectedIssuer == null || expectedIssuer.isEmpty()) {
            throw new IllegalArgumentException("expectedIssuer is required for discovery");
        }
        return new RemoteKeySource("discovery:" + discoveryUrl, null, discoveryUrl, expectedIssuer, s, client,
                scheduler, clock);
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

    // ---------------------------------------------------------------- KeySource

    @Override
    public KeySet current() {
        return current;
    }

    @Override
    public KeySourceStatus status() {
        KeySet set = current;
        return new KeySourceStatus(origin, !set.isEmpty(), set.size(), lastSuccess, lastError, lastAttempt);
    }

    @Override
    public void start() {
        synchronized (lock) {
            if (started || closed) {
                return;
            }
            started = true;
            requestFetchLocked();
            long period = settings.refreshInterval().toMillis();
            try {
                refreshTask = scheduler.scheduleAtFixedRate(this::scheduledRefresh, period, period,
                        TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                recordFailure("scheduler rejected the refresh task");
            }
        }
    }

    @Override
    public CompletionStage<KeySet> refreshForUnknownKid(String kid) {
        KeySet set = current;
        if (kid == null || set.byKid(kid) != null || recentlyMissing(kid)) {
            return CompletableFuture.completedFuture(set);
        }
        // A flood of random kids must not park without bound: beyond the cap, answer at once.
        if (waiting.incrementAndGet() > settings.maxWaiting()) {
            waiting.decrementAndGet();
            return CompletableFuture.completedFuture(set);
        }
        CompletableFuture<KeySet> answer;
        try {
            answer = awaitUnknownKid(kid);
        } catch (RuntimeException | Error e) {
            waiting.decrementAndGet();
            throw e;
        }
        answer.whenComplete((k, e) -> waiting.decrementAndGet());
        return answer;
    }

    /** True while the negative cache says a fetch did not find this kid. */
    private boolean recentlyMissing(String kid) {
        Long until = missingKids.get(kid);
        if (until == null) {
            return false;
        }
        if (clock.millis() < until) {
            return true;
        }
        missingKids.remove(kid, until);
        return false;
    }

    /** Requests waiting for an unknown-kid fetch now (for tests and metrics). */
    int waiting() {
        return waiting.get();
    }

    private CompletableFuture<KeySet> awaitUnknownKid(String kid) {
        long seqAtRequest;
        CompletableFuture<FetchResult> target;
        synchronized (lock) {
            if (!started || closed) {
                return CompletableFuture.completedFuture(current);
            }
            seqAtRequest = startedSeq;
            if (inFlight == null && lastError != null) {
                // The endpoint failed last time: ask for a fetch, but do not make the request wait
                // up to minRefreshInterval for one that will most likely fail too.
                requestFetchLocked();
                return CompletableFuture.completedFuture(current);
            }
            target = inFlight != null ? inFlight.future() : requestFetchLocked();
        }
        return awaitKid(kid, seqAtRequest, target);
    }

    /**
     * Completes once a fetch started after the request has completed (or the kid shows up earlier, or a fetch
     * fails). Joining a fetch already in flight is tried first; if it succeeds without the kid, the next fetch
     * is awaited.
     */
    private CompletableFuture<KeySet> awaitKid(String kid, long seqAtRequest, CompletableFuture<FetchResult> target) {
        return target.thenCompose(result -> {
            KeySet now = current;
            if (now.byKid(kid) != null || !result.success()) {
                return CompletableFuture.completedFuture(now);
            }
            if (result.seq() > seqAtRequest) {
                if (missingKids.size() < MAX_MISSING_KIDS) {
                    missingKids.put(kid, clock.millis() + settings.unknownKidTtl().toMillis());
                }
                return CompletableFuture.completedFuture(now);
            }
            CompletableFuture<FetchResult> next;
            synchronized (lock) {
                if (closed) {
                    return CompletableFuture.completedFuture(now);
                }
                next = inFlight != null && inFlight.seq() > seqAtRequest ? inFlight.future() : requestFetchLocked();
            }
            return awaitKid(kid, seqAtRequest, next);
        });
    }

    @Override
    public void close() {
        CompletableFuture<FetchResult> abandoned;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            cancel(refreshTask);
            cancel(pendingTimer);
            cancel(retryTimer);
            abandoned = pending;
            pending = null;
        }
        if (abandoned != null) {
            abandoned.complete(new FetchResult(-1, false));
        }
    }

    private static void cancel(ScheduledFuture<?> f) {
        if (f != null) {
            f.cancel(false);
        }
    }

    // ---------------------------------------------------------------- scheduling

    private void scheduledRefresh() {
        try {
            missingKids.clear();
            synchronized (lock) {
                if (!closed) {
                    requestFetchLocked();
                }
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "Scheduled JWKS refresh of %s failed", origin);
        }
    }

    /** The next fetch (not yet started); created and timed if needed. Caller holds the lock. */
    private CompletableFuture<FetchResult> requestFetchLocked() {
        if (closed) {
            return CompletableFuture.completedFuture(new FetchResult(-1, false));
        }
        if (pending == null) {
            pending = new CompletableFuture<>();
            timePendingLocked();
        }
        return pending;
    }

    /** Arms the timer that starts the pending fetch when allowed. Caller holds the lock. */
    private void timePendingLocked() {
        if (pending == null || inFlight != null || pendingTimer != null || closed) {
            return; // an in-flight fetch re-arms on completion
        }
        long delay = remainingWindowMillisLocked();
        try {
            pendingTimer = scheduler.schedule(this::startPending, delay, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            CompletableFuture<FetchResult> p = pending;
            pending = null;
            p.complete(new FetchResult(-1, false));
        }
    }

    private long remainingWindowMillisLocked() {
        if (lastFetchStart == null) {
            return 0;
        }
        long elapsed = clock.millis() - lastFetchStart.toEpochMilli();
        return Math.max(0, settings.minRefreshInterval().toMillis() - elapsed);
    }

    /** Runs on the scheduler. */
    private void startPending() {
        CompletableFuture<FetchResult> cf;
        long seq;
        synchronized (lock) {
            pendingTimer = null;
            if (closed || pending == null || inFlight != null) {
                return;
            }
            if (remainingWindowMillisLocked() > 0) {
                timePendingLocked();
                return;
            }
            cf = pending;
            pending = null;
            seq = ++startedSeq;
            lastFetchStart = clock.instant();
            inFlight = new Fetch(seq, cf);
            cancel(retryTimer);
            retryTimer = null;
        }
        lastAttempt = clock.instant();
        CompletableFuture<KeySet> fetch;
        try {
            fetch = fetchKeySet();
        } catch (RuntimeException e) {
            fetch = CompletableFuture.failedFuture(e);
        }
        fetch.whenComplete((set, err) -> onFetchDone(seq, cf, set, err));
    }

    private void onFetchDone(long seq, CompletableFuture<FetchResult> cf, KeySet set, Throwable err) {
        boolean ok = false;
        if (err == null) {
            ok = true;
            KeySet old = current;
            // The same keys keep the same KeySet object: cached tokens are bound to it by identity
            // (TokenCache), so only a real change of keys makes them stale.
            if (!old.sameKeysAs(set)) {
                current = set;
                missingKids.clear();
                LOG.infof("Loaded %d key(s) from %s", set.size(), origin);
            }
            lastSuccess = set.loadedAt() != null ? set.loadedAt() : clock.instant();
            lastError = null;
        } else {
            String message = describe(err);
            if (discoveryUrl != null) {
                resolvedJwksUri = null; // re-read discovery on the next attempt
            }
            recordFailure(message);
        }
        synchronized (lock) {
            if (inFlight != null && inFlight.seq() == seq) {
                inFlight = null;
            }
            if (ok) {
                consecutiveFailures = 0;
            } else {
                consecutiveFailures++;
            }
            if (pending != null) {
                timePendingLocked();
            } else if (!ok && current.isEmpty() && !closed) {
                scheduleRetryLocked();
            }
        }
        cf.complete(new FetchResult(seq, ok));
    }

    private void scheduleRetryLocked() {
        long base = Math.max(settings.minRefreshInterval().toMillis(), 1000);
        int shift = Math.min(consecutiveFailures - 1, 20);
        long delay = Math.min(settings.refreshInterval().toMillis(), base << Math.max(shift, 0));
        try {
            cancel(retryTimer);
            retryTimer = scheduler.schedule(() -> {
                synchronized (lock) {
                    retryTimer = null;
                    requestFetchLocked();
                }
            }, delay, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // scheduler gone: nothing more to do
        }
    }

    private void recordFailure(String message) {
        lastError = message;
        if (current.isEmpty()) {
            LOG.errorf("JWKS %s unavailable: %s", origin, message);
        } else {
            LOG.warnf("JWKS refresh of %s failed, keeping %d previously loaded key(s): %s", origin, current.size(),
                    message);
        }
    }

    // ---------------------------------------------------------------- fetching

    private CompletableFuture<KeySet> fetchKeySet() {
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

    private String describe(Throwable err) {
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
