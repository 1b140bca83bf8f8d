package io.jwtbench.service.validation.keys;

import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * When a remote key source fetches, and what callers wait for; the fetching itself is a
 * {@link Fetcher}'s ({@link JwksFetcher} over HTTPS). Its time is a {@link RefreshTimer}, so tests
 * drive it by hand instead of sleeping.
 *
 * <p>All fetches (first load, scheduled refresh, unknown-kid refresh, retry) go through one queue: at
 * most one fetch in flight, at most one fetch started per minRefreshInterval; requests arriving
 * meanwhile share the single pending "next" fetch. While the source has no usable keys, failed loads
 * are retried with exponential backoff (max(minRefreshInterval, 1s) doubling up to refreshInterval).
 *
 * <p>Failures keep the last good set and record lastError; a success with different keys replaces
 * the set atomically (the same keys keep the same set object: cached tokens are bound to it) and
 * clears lastError. Failures are logged rate-limited (strangers' unknown kids set the pace of
 * fetches): the first after a success at WARN (ERROR while no key is usable), then at most one per
 * {@link #FAILURE_LOG_INTERVAL_MILLIS} with the number of failures logged at DEBUG meanwhile; the next
 * success after failures logs once at INFO.
 *
 * <p>Unknown kids: a kid that a fetch started after its request did not find is answered at once until
 * the next fetch is permitted (that fetch's start plus minRefreshInterval), and never longer than
 * unknownKidTtl (a negative cache of at most {@link #MAX_MISSING_KIDS} kids, cleared whenever the keys
 * change and at every scheduled refresh). After that it is looked up again by the next permitted fetch,
 * so a kid asked for just before the IdP published it is accepted one minRefreshInterval later, not one
 * unknownKidTtl later. The rate limit is per source, not per kid: however many distinct kids arrive,
 * at most one fetch starts per minRefreshInterval, and they all share the single pending fetch. At most
 * maxWaiting requests wait for a fetch at once, the others are answered at once with the current set.
 */
final class RefreshScheduler implements KeySource {

    private static final Logger LOG = Logger.getLogger(RefreshScheduler.class);

    /**
     * Bound on remembered "looked for and not found" kids (kids are at most 256 printable characters,
     * so this is at most ~256 KB per issuer); random kids beyond it still cannot cause more than one
     * fetch per minRefreshInterval.
     */
    static final int MAX_MISSING_KIDS = 1_000;

    /** Least time between two WARN/ERROR lines about failed fetches of one source. */
    static final long FAILURE_LOG_INTERVAL_MILLIS = 60_000;

    /** Fetches a key set; its futures may complete on any thread but the caller's. */
    interface Fetcher {
        /** Starts one fetch. Fails (exceptionally) on any problem; an empty set is a failure too. */
        CompletableFuture<KeySet> fetch();

        /** A fetch failed: forget anything cached for the next attempt (e.g. a discovered jwks_uri). */
        default void failed() {
        }

        /** One line for lastError and the log. */
        String describe(Throwable failure);
    }

    /** @param startedMillis timer millis when the fetch started (-1 for none) */
    private record FetchResult(long seq, boolean success, long startedMillis) {
    }

    private record Fetch(long seq, CompletableFuture<FetchResult> future) {
    }

    private final String origin;
    private final RemoteSettings settings;
    private final Fetcher fetcher;
    private final RefreshTimer timer;

    private volatile KeySet current = KeySet.empty();
    private volatile Instant lastSuccess;
    private volatile Instant lastAttempt;
    private volatile String lastError;
    /** The negative cache: kid → timer millis until which it is answered without a fetch. */
    private final ConcurrentHashMap<String, Long> missingKids = new ConcurrentHashMap<>();
    /** Requests waiting for an unknown-kid fetch; capped at settings.maxWaiting(). */
    private final AtomicInteger waiting = new AtomicInteger();

    private final Object lock = new Object();
    // guarded by lock
    private boolean started;
    private boolean closed;
    private long startedSeq;
    private Long lastFetchStart;
    private Fetch inFlight;
    private CompletableFuture<FetchResult> pending;
    private RefreshTimer.Task pendingTimer;
    private RefreshTimer.Task refreshTask;
    private RefreshTimer.Task retryTimer;
    private int consecutiveFailures;

    private final Object failureLog = new Object();
    // guarded by failureLog
    private boolean failureReported;
    private long failureReportedAt;
    private int failuresNotReported;
    private int failuresSinceSuccess;

    RefreshScheduler(String origin, RemoteSettings settings, Fetcher fetcher, RefreshTimer timer) {
        this.origin = java.util.Objects.requireNonNull(origin, "origin");
        this.settings = java.util.Objects.requireNonNull(settings, "settings");
        this.fetcher = java.util.Objects.requireNonNull(fetcher, "fetcher");
        this.timer = java.util.Objects.requireNonNull(timer, "timer");
    }

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
            scheduleRefreshLocked();
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
        if (timer.nowMillis() < until) {
            return true;
        }
        missingKids.remove(kid, until);
        return false;
    }

    /**
     * Remembers that the fetch started at {@code fetchStarted} did not find {@code kid}: answered at once
     * until the next fetch may start (no fetch could look again before), at most unknownKidTtl.
     */
    private void rememberMissing(String kid, long fetchStarted) {
        long now = timer.nowMillis();
        long until = Math.min(now + settings.unknownKidTtl().toMillis(),
                fetchStarted + settings.minRefreshInterval().toMillis());
        if (until <= now) {
            return;
        }
        if (missingKids.size() >= MAX_MISSING_KIDS) {
            missingKids.values().removeIf(expiry -> expiry <= now);
        }
        if (missingKids.size() < MAX_MISSING_KIDS) {
            missingKids.put(kid, until);
        }
    }

    /** Kids in the negative cache, expired ones included until looked up or purged (for tests). */
    int rememberedMissing() {
        return missingKids.size();
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
                rememberMissing(kid, result.startedMillis());
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
            abandoned.complete(new FetchResult(-1, false, -1));
        }
    }

    private static void cancel(RefreshTimer.Task f) {
        if (f != null) {
            f.cancel();
        }
    }

    // ---------------------------------------------------------------- scheduling

    /** Arms the next scheduled refresh (refreshInterval from now). Caller holds the lock. */
    private void scheduleRefreshLocked() {
        try {
            refreshTask = timer.schedule(this::scheduledRefresh, settings.refreshInterval().toMillis());
        } catch (RejectedExecutionException e) {
            recordFailure("scheduler rejected the refresh task");
        }
    }

    private void scheduledRefresh() {
        try {
            missingKids.clear();
            synchronized (lock) {
                if (!closed) {
                    requestFetchLocked();
                    scheduleRefreshLocked();
                }
            }
        } catch (RuntimeException e) {
            LOG.errorf(e, "Scheduled JWKS refresh of %s failed", origin);
        }
    }

    /** The next fetch (not yet started); created and timed if needed. Caller holds the lock. */
    private CompletableFuture<FetchResult> requestFetchLocked() {
        if (closed) {
            return CompletableFuture.completedFuture(new FetchResult(-1, false, -1));
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
            pendingTimer = timer.schedule(this::startPending, delay);
        } catch (RejectedExecutionException e) {
            CompletableFuture<FetchResult> p = pending;
            pending = null;
            p.complete(new FetchResult(-1, false, -1));
        }
    }

    private long remainingWindowMillisLocked() {
        if (lastFetchStart == null) {
            return 0;
        }
        long elapsed = timer.nowMillis() - lastFetchStart;
        return Math.max(0, settings.minRefreshInterval().toMillis() - elapsed);
    }

    /** Runs on the timer. */
    private void startPending() {
        CompletableFuture<FetchResult> cf;
        long seq;
        long startedMillis;
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
            lastFetchStart = timer.nowMillis();
            startedMillis = lastFetchStart;
            inFlight = new Fetch(seq, cf);
            cancel(retryTimer);
            retryTimer = null;
        }
        lastAttempt = timer.now();
        CompletableFuture<KeySet> fetch;
        try {
            fetch = fetcher.fetch();
        } catch (RuntimeException e) {
            fetch = CompletableFuture.failedFuture(e);
        }
        fetch.whenComplete((set, err) -> onFetchDone(seq, startedMillis, cf, set, err));
    }

    private void onFetchDone(long seq, long startedMillis, CompletableFuture<FetchResult> cf, KeySet set, Throwable err) {
        boolean ok = false;
        if (err == null) {
            ok = true;
            KeySet old = current;
            // The same keys keep the same KeySet object: cached tokens are bound to it by identity
            // (TokenCache), so only a real change of keys makes them stale.
            // Status first, then the keys: whoever sees the new keys also sees the cleared error.
            lastSuccess = set.loadedAt() != null ? set.loadedAt() : timer.now();
            lastError = null;
            recordRecovery();
            if (!old.sameKeysAs(set)) {
                missingKids.clear();
                current = set;
                LOG.infof("Loaded %d key(s) from %s", set.size(), origin);
            }
        } else {
            String message = fetcher.describe(err);
            fetcher.failed();
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
        cf.complete(new FetchResult(seq, ok, startedMillis));
    }

    private void scheduleRetryLocked() {
        long base = Math.max(settings.minRefreshInterval().toMillis(), 1000);
        int shift = Math.min(consecutiveFailures - 1, 20);
        long delay = Math.min(settings.refreshInterval().toMillis(), base << Math.max(shift, 0));
        try {
            cancel(retryTimer);
            retryTimer = timer.schedule(() -> {
                synchronized (lock) {
                    retryTimer = null;
                    requestFetchLocked();
                }
            }, delay);
        } catch (RejectedExecutionException e) {
            // scheduler gone: nothing more to do
        }
    }

    private void recordFailure(String message) {
        lastError = message;
        long now = timer.nowMillis();
        int unreported;
        synchronized (failureLog) {
            failuresSinceSuccess++;
            if (failureReported && now - failureReportedAt < FAILURE_LOG_INTERVAL_MILLIS) {
                failuresNotReported++;
                LOG.debugf("JWKS refresh of %s failed again: %s", origin, message);
                return;
            }
            unreported = failuresNotReported;
            failuresNotReported = 0;
            failureReported = true;
            failureReportedAt = now;
        }
        String since = unreported == 0 ? "" : " (" + unreported + " more failure(s) since the last report, logged at DEBUG)";
        if (current.isEmpty()) {
            LOG.errorf("JWKS %s unavailable: %s%s", origin, message, since);
        } else {
            LOG.warnf("JWKS refresh of %s failed, keeping %d previously loaded key(s): %s%s", origin, current.size(),
                    message, since);
        }
    }

    /** A fetch succeeded: the next failure is reported at once again. */
    private void recordRecovery() {
        int failures;
        synchronized (failureLog) {
            failures = failuresSinceSuccess;
            failuresSinceSuccess = 0;
            failuresNotReported = 0;
            failureReported = false;
        }
        if (failures > 0) {
            LOG.infof("JWKS %s fetched again after %d failed attempt(s)", origin, failures);
        }
    }
}
