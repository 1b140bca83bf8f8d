package io.jwtbench.service.validation;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * The heap a cached token holds, from what it holds: its claims as {@code StrictJson} parsed them (an
 * unmodifiable {@code LinkedHashMap} per object, an {@code ArrayList} per array, a {@code String} per name and
 * string, boxed numbers), the header and payload bytes the entry matches on, and the answer the web layer
 * renders from it once and keeps. Counted object by object as a 64-bit HotSpot lays them out (compressed
 * references, 12-byte headers, 8-byte alignment), so a token of a thousand tiny members weighs what it holds,
 * as much as its length alone would say for one long string. {@code TokenCacheTest} holds the estimate against
 * the heap after GC of caches full of each kind of token.
 */
final class EntryWeight {
    /**
     * The entry's fixed part: its key and record, the validated token's record, Caffeine's nodes (a few hundred
     * bytes), rounded up to cover what the sum of the parts misses (TokenCacheHeapTest: up to 0.7 % of an 8 KB entry).
     */
    static final int FIXED = 1024;
    /** A LinkedHashMap node: header, hash, key, value, next, before, after. */
    static final int MAP_ENTRY = 40;
    /** A LinkedHashMap (56), its unmodifiable view (32) and the table's header (16). */
    static final int MAP = 104;
    /** An ArrayList (24) and its unmodifiable view (24); its array is counted apart ({@link #capacity}). */
    static final int LIST = 48;
    /** The rendered answer's own member names and punctuation ({@code "valid":true,"issuer":...}). */
    static final int RENDERED_NAMES = 128;
    /** A boxed Long or Double; an Integer is 16 (values from -128 to 127 are shared). */
    static final int BOXED = 24;

    private EntryWeight() {
    }

    /**
     * @param token        the validated token, its claims parsed
     * @param signedLength the header and payload bytes the entry keeps, both dots included
     */
    static long of(ValidatedToken token, int signedLength) {
        // the rendered answer repeats the claims (at most 3/4 of the base64 characters) and the fields taken from
        // them (issuer, subject, audience, roles, ...): at most twice the payload's JSON, and its own member names
        long rendered = array(3L * signedLength / 2 + RENDERED_NAMES);
        // the lists taken from the claims hold the claims' strings, but a scope is split out of "scope" anew
        long taken = copy(token.audience()) + copy(token.roles()) + copy(token.groups()) + copy(token.scopes())
                + token.scopes().stream().mapToLong(EntryWeight::string).sum();
        return FIXED + array(signedLength) + rendered + taken + value(token.claims());
    }

    /** An immutable copy of a list ({@code List.copyOf}): its object and its array of references. */
    private static long copy(List<String> list) {
        return list.isEmpty() ? 0 : 24 + array(4L * list.size());
    }

    private static long value(Object v) {
        return switch (v) {
            case null -> 0;
            case String s -> string(s);
            case Map<?, ?> m -> {
                long bytes = MAP + 4L * table(m.size()); // a reference per slot of the table
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    bytes += MAP_ENTRY + value(e.getKey()) + value(e.getValue());
                }
                yield bytes;
            }
            case List<?> l -> {
                long bytes = LIST + (l.isEmpty() ? 0 : array(4L * capacity(l.size())));
                for (Object e : l) {
                    bytes += value(e);
                }
                yield bytes;
            }
            case Integer i -> i >= -128 && i <= 127 ? 0 : 16;
            case Long l -> l >= -128 && l <= 127 ? 0 : BOXED;
            case BigInteger b -> 40 + array(b.bitLength() / 8 + 4);
            case Boolean b -> 0;
            default -> BOXED;
        };
    }

    /**
     * A String: its object (24) and its byte array, one byte a character unless one needs two. Member names are
     * counted too, though Jackson shares a name it has seen before: names a stranger makes up are not shared.
     */
    private static long string(String s) {
        boolean latin1 = true;
        for (int i = 0; i < s.length() && latin1; i++) {
            latin1 = s.charAt(i) <= 0xFF;
        }
        return 24 + array((long) s.length() * (latin1 ? 1 : 2));
    }

    /** A byte array of {@code length}: its 16-byte header, aligned to 8. */
    private static long array(long length) {
        return (16 + length + 7) & ~7L;
    }

    /** An ArrayList's capacity after {@code n} adds: 10 at the first, then half as much again each time it is full. */
    private static long capacity(int n) {
        long capacity = 10;
        while (capacity < n) {
            capacity += capacity >> 1;
        }
        return capacity;
    }

    /** HashMap's table size for {@code n} entries: the power of two at or above n / 0.75. */
    private static int table(int n) {
        int needed = (int) Math.ceil(n / 0.75);
        return needed <= 1 ? (n == 0 ? 0 : 1) : Integer.highestOneBit(needed - 1) << 1;
    }
}
