package io.jwtbench.service.validation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.atomic.LongAdder;

/**
 * Tokens that passed validation, keyed by the SHA-256 of the exact token text. A
 * cryptographic hash because a collision would let a forged token borrow a valid token's
 * result; a hash rather than the token so the cache holds no bearer credentials. Only
 * successes are cached, and a hit is still checked against exp/nbf by the caller.
 */
public final class TokenCache {
    private static final MessageDigest SHA256_PROTOTYPE;

    static {
        try {
            SHA256_PROTOTYPE = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Cache<Key, ValidatedToken> entries;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    public TokenCache(int maxSize) {
        this.entries = Caffeine.newBuilder().maximumSize(maxSize).build();
    }

    /** The 256-bit digest as four longs: cheap to compare and hash, no array identity. */
    record Key(long a, long b, long c, long d) {
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

    ValidatedToken get(Key key) {
        ValidatedToken token = entries.getIfPresent(key);
        (token == null ? misses : hits).increment();
        return token;
    }

    void put(Key key, ValidatedToken token) {
        entries.put(key, token);
    }

    void invalidate(Key key) {
        entries.invalidate(key);
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
