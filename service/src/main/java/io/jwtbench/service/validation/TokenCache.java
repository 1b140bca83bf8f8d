package io.jwtbench.service.validation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.jwtbench.service.validation.keys.KeySet;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Tokens that passed validation, keyed by the SHA-256 of the exact token text. A
 * cryptographic hash because a collision would let a forged token borrow a valid token's
 * result; a hash rather than the token so the cache holds no bearer credentials. Only
 * successes are cached, and a hit is still checked against exp/nbf by the caller.
 *
 * <p>An entry is bound to the key set that verified it (an identity comparison with the issuer's
 * current set: a refresh that changes the keys makes every entry of that issuer stale at once) and
 * lives at most {@link #ttlSeconds()} (no longer than the JWKS refresh interval), whatever its
 * {@code exp}. A stale entry is dropped and the token validated again from scratch.
 */
public final class TokenCache {
    /** The default TTL: the default JWKS refresh interval. */
    public static final Duration DEFAULT_TTL = Duration.ofMinutes(10);
    private static final MessageDigest SHA256_PROTOTYPE;

    static {
        try {
            SHA256_PROTOTYPE = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Cache<Key, Entry> entries;
    private final long ttlSeconds;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    public TokenCache(int maxSize) {
        this(maxSize, DEFAULT_TTL);
    }

    /** @param ttl longest life of an entry; at least one second */
    public TokenCache(int maxSize, Duration ttl) {
        this.entries = Caffeine.newBuilder().maximumSize(maxSize).build();
        this.ttlSeconds = Math.max(1, ttl.toSeconds());
    }

    /** The 256-bit digest as four longs: cheap to compare and hash, no array identity. */
    record Key(long a, long b, long c, long d) {
    }

    /**
     * A cached success.
     *
     * @param keys       the issuer's key set at verification; the entry is stale once it is not current
     * @param staleAfter epoch second from which the entry is not used (insertion + TTL; exp is checked on every hit)
     */
    record Entry(ValidatedToken token, Issuer issuer, KeySet keys, long staleAfter) {
        boolean fresh(long now) {
            return now < staleAfter && keys == issuer.keys().current();
        }
    }

    static Key keyOf(byte[] token) {
        MessageDigest sha256;
        try {
            sha256 = (MessageDigest) SHA256_PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
        ByteBuffer digest = ByteBuffer.wrap(sha256.digest(token));
        return new Key(digest.getLong(), digest.getLong(), digest.getLong(), digest.getLong());
    }

    /** A fresh entry, or null (a stale one is dropped). Counts the hit or miss. */
    Entry get(Key key, long now) {
        Entry entry = entries.getIfPresent(key);
        if (entry != null && !entry.fresh(now)) {
            entries.invalidate(key);
            entry = null;
        }
        (entry == null ? misses : hits).increment();
        return entry;
    }

    void put(Key key, ValidatedToken token, Issuer issuer, KeySet keys, long now) {
        long staleAfter = now > Long.MAX_VALUE - ttlSeconds ? Long.MAX_VALUE : now + ttlSeconds;
        entries.put(key, new Entry(token, issuer, keys, staleAfter));
    }

    void invalidate(Key key) {
        entries.invalidate(key);
    }

    public long ttlSeconds() {
        return ttlSeconds;
    }

    public long hits() {
        return hits.sum();
    }

    public long misses() {
        return misses.sum();
    }

    public long size() {
        return entries.estimatedSize();
    }
}
