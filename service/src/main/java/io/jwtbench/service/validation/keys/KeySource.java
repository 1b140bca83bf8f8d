package io.jwtbench.service.validation.keys;

import java.util.concurrent.CompletionStage;

/** Where an issuer's keys come from. */
public interface KeySource extends AutoCloseable {

    /** Never blocks; the last good set (maybe empty). A volatile read. */
    KeySet current();

    /**
     * Called when a token names a kid not in {@link #current()}. Never blocks the caller. Remote sources fetch again,
     * rate limited to one fetch per minRefreshInterval; concurrent callers share one in-flight fetch; a caller arriving
     * inside the rate-limit window waits for the next permitted fetch. A kid that a fetch started after its first
     * request did not find completes immediately with current() until the next fetch is permitted (at most
     * unknownKidTtl, and until the keys change), then is looked up again; at most maxWaiting callers wait at once,
     * the others complete immediately. Static sources complete immediately
     * with current().
     */
    CompletionStage<KeySet> refreshForUnknownKid(String kid);

    /** Readiness/health view. */
    KeySourceStatus status();

    /** Starts loading (remote: first fetch async + scheduled refresh). Idempotent. */
    void start();

    @Override
    void close();
}
