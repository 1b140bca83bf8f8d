package io.jwtbench.service.validation;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Policy;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.jwtbench.service.validation.keys.KeySet;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * Tokens that passed validation, found by the SHA-256 of the token's signature segment and matched on
 * the exact bytes of the rest (header and payload), which the entry keeps: a hit is the same token,
 * byte for byte. A cryptographic hash because a collision would let a forged token borrow a valid
 * token's result; the signature's hash rather than the signature so the cache holds no bearer
 * credentials (header and payload without a signature are what the cached claims hold anyway).
 * Hashing only the signature, 342 of a 1.2 KB RS256 token's characters, is what makes a hit cheap:
 * SHA-256 of the whole token was most of a hit's CPU (docs/performance.md, "Cached JWT against
 * health"). Only successes are cached, and a hit is still checked against exp/nbf by the caller.
 *
 * <p>An entry is bound to the key set that verified it (an identity comparison with the issuer's
 * current set: a refresh that changes the keys makes every entry of that issuer stale at once) and
 * lives at most {@link #ttlSeconds()} (no longer than the JWKS refresh interval), whatever its
 * {@code exp}. A stale entry is dropped and the token validated again from scratch.
 *
 * <p>Bounded twice: at most {@code maxSize} entries and at most {@code maxBytes} of estimated heap
 * ({@link #estimatedBytes}: {@link EntryWeight}, the claims parsed from it counted object by object, the bytes
 * it matches on and the answer rendered from it). Caffeine takes one bound, a weight: each entry
 * weighs its estimate but never less than {@code maxBytes / maxSize}, so the total weight bound
 * {@code maxBytes} also keeps the count at or under {@code maxSize}. 10,000 tokens of the 8 KB the
 * validator accepts, each of a thousand tiny members, would otherwise hold about 1.9 GB.
 */
public final class TokenCache {
    /** The default bound on the estimated bytes held: 64 MiB. */
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;
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
    /** The weight bound's view of {@link #entries}: its current weighted size, read after each put. */
    private final Policy.Eviction<Key, Entry> eviction;
    private final long ttlSeconds;
    private final long maxBytes;
    private final int maxSize;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    public TokenCache(int maxSize) {
        this(maxSize, DEFAULT_TTL);
    }

    /** @param ttl longest life of an entry; at least one second */
    public TokenCache(int maxSize, Duration ttl) {
        this(maxSize, ttl, DEFAULT_MAX_BYTES);
    }

    /**
     * @param maxSize  most entries; at least 1
     * @param ttl      longest life of an entry; at least one second
     * @param maxBytes most estimated heap bytes held by all entries; at least 1
     */
    public TokenCache(int maxSize, Duration ttl, long maxBytes) {
        if (maxSize < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("maxSize and maxBytes must be at least 1");
        }
        // Every entry weighs at least maxBytes / maxSize (rounded up), so the weight bound is the count bound too.
        long floor = Math.min(Integer.MAX_VALUE, (maxBytes + maxSize - 1) / maxSize);
        int minWeight = (int) Math.max(1, floor);
        this.entries = Caffeine.newBuilder()
                // eviction on the writing thread, not later on the common pool: a flood of new tokens cannot
                // run the cache past its bound while the pool is busy (by more than the writers in flight)
                .executor(Runnable::run)
                .maximumWeight(maxBytes)
                .<Key, Entry>weigher((key, entry) -> Math.max(minWeight, entry.bytes()))
                .build();
        this.eviction = entries.policy().eviction().orElseThrow();
        this.ttlSeconds = Math.max(1, ttl.toSeconds());
        this.maxBytes = maxBytes;
        this.maxSize = maxSize;
    }

    /** The estimated heap bytes of the entry of {@code token}, whose header and payload are {@code signedLength} bytes. */
    static int estimatedBytes(ValidatedToken token, int signedLength) {
        return (int) Math.min(Integer.MAX_VALUE, EntryWeight.of(token, signedLength));
    }

    /**
     * The signature segment's 256-bit digest as four longs (cheap to compare and hash, no array identity)
     * and where that segment starts: how many leading bytes (header, payload, both dots) an entry must match.
     */
    record Key(long a, long b, long c, long d, int signedLength) {
    }

    /**
     * A cached success.
     *
     * @param signed     the token's header and payload with both dots: the bytes a hit must equal
     * @param keys       the issuer's key set at verification; the entry is stale once it is not current
     * @param staleAfter epoch second from which the entry is not used (insertion + TTL; exp is checked on every hit)
     * @param bytes      estimated heap bytes ({@link #estimatedBytes})
     */
    record Entry(byte[] signed, ValidatedToken token, Issuer issuer, KeySet keys, long staleAfter, int bytes) {
        boolean fresh(long now) {
            return now < staleAfter && keys == issuer.keys().current();
        }

        boolean matches(byte[] token, int signedLength) {
            return signed.length == signedLength && Arrays.equals(signed, 0, signedLength, token, 0, signedLength);
        }
    }

    /**
     * The key of {@code token}: the SHA-256 of {@code ascii} (its ASCII bytes) after its second dot. Null for a
     * token without two dots, which is no compact JWS and never cached. Every byte is either hashed or kept in
     * the entry and compared, dots included, so a hit is byte-identical to the cached token wherever the dots
     * were found (the String's indexOf is the JDK's vectorized one).
     */
    static Key keyOf(String token, byte[] ascii) {
        int first = token.indexOf('.');
        int second = first < 0 ? -1 : token.indexOf('.', first + 1);
        if (second < 0 || second >= ascii.length) {
            return null;
        }
        MessageDigest sha256;
        try {
            sha256 = (MessageDigest) SHA256_PROTOTYPE.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
        int signedLength = second + 1;
        sha256.update(ascii, signedLength, ascii.length - signedLength);
        ByteBuffer digest = ByteBuffer.wrap(sha256.digest());
        return new Key(digest.getLong(), digest.getLong(), digest.getLong(), digest.getLong(), signedLength);
    }

    /** A fresh entry, or null (a stale one is dropped). Counts the hit or miss. */
    Entry get(Key key, byte[] token, long now) {
        Entry entry = entries.getIfPresent(key);
        if (entry != null && !entry.matches(token, key.signedLength())) {
            entry = null; // the same signature on other bytes: not this entry's token, which stays
        } else if (entry != null && !entry.fresh(now)) {
            entries.invalidate(key);
            entry = null;
        }
        (entry == null ? misses : hits).increment();
        return entry;
    }

    /** @param ascii the token's ASCII bytes, as given to {@link #keyOf} */
    void put(Key key, byte[] ascii, ValidatedToken token, Issuer issuer, KeySet keys, long now) {
        long staleAfter = now > Long.MAX_VALUE - ttlSeconds ? Long.MAX_VALUE : now + ttlSeconds;
        byte[] signed = Arrays.copyOf(ascii, key.signedLength());
        entries.put(key, new Entry(signed, token, issuer, keys, staleAfter, estimatedBytes(token, key.signedLength())));
        // Over a bound (the entry count is exact at once; the weight counts only writes already applied):
        // apply every pending write and evict now, on this thread, so a flood of new tokens leaves the cache
        // over its bound by at most the entries of other threads between their put and this line.
        if (entries.estimatedSize() > maxSize || eviction.weightedSize().orElse(0) > maxBytes) {
            entries.cleanUp();
        }
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

    /** The bound on {@link #weightedBytes()}. */
    public long maxBytes() {
        return maxBytes;
    }

    /** The weight held now: the entries' estimated bytes, each at least maxBytes / maxSize. */
    public long weightedBytes() {
        return entries.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }

    /** Runs pending evictions now (Caffeine runs them asynchronously); for tests. */
    void cleanUp() {
        entries.cleanUp();
    }
}
