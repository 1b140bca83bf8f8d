package io.jwtbench.service.validation;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySources;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokenCacheTest {
    static final String ISS = "https://idp.test/realms/cache";
    static final TestKey KEY = TestKey.rsa("cache-1");

    /** A clock the test moves by hand. */
    static final class ManualClock extends Clock {
        Instant now = Instant.now();

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    final ManualClock clock = new ManualClock();
    final TokenCache cache = new TokenCache(100);
    final JwtValidator validator = validator(clock, cache);

    static JwtValidator validator(Clock clock, TokenCache cache) {
        KeySource keys = KeySources.inline(TestKey.jwks(KEY));
        keys.start();
        return new JwtValidator(new IssuerRegistry(List.of(new Issuer("cache", ISS, keys, EnumSet.of(JwsAlgorithm.RS256),
                Set.of(), null, null, List.of(), true))), Duration.ofSeconds(30), 8192, clock, cache);
    }

    String token(long expiresIn) {
        long now = clock.now.getEpochSecond();
        return Jws.sign(Jws.header(KEY), "{\"iss\":\"" + ISS + "\",\"sub\":\"u\",\"exp\":" + (now + expiresIn) + "}", KEY);
    }

    @Test
    void secondValidationIsAHitAndReturnsTheSameResult() throws Exception {
        String token = token(600);
        ValidatedToken first = validator.validate(token);
        ValidatedToken second = validator.validate(token);
        assertSame(first, second);
        assertEquals(1, cache.hits());
        assertEquals(1, cache.misses());
        assertEquals(1, cache.size());
    }

    @Test
    void aCachedTokenStillExpires() throws Exception {
        String token = token(60);
        validator.validate(token);
        clock.now = clock.now.plusSeconds(60 + 31);
        InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> validator.validate(token));
        assertEquals(Reason.TOKEN_EXPIRED, e.reason());
        assertEquals("cache", e.issuerName());
        assertEquals(1, cache.hits());
        assertThrows(InvalidTokenException.class, () -> validator.validate(token));
        assertEquals(1, cache.hits(), "the expired entry was dropped, so the second look-up misses");
    }

    @Test
    void aTokenOneCharacterAwayIsNotAHit() throws Exception {
        String token = token(600);
        validator.validate(token);
        String twin = token.substring(0, token.length() - 1) + (token.endsWith("A") ? "B" : "A");
        InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> validator.validate(twin));
        assertEquals(0, cache.hits());
        assertEquals(true, e.reason() == Reason.SIGNATURE_INVALID || e.reason() == Reason.MALFORMED, e.reason().name());
    }

    /** The cache finds an entry by its signature's hash alone; the rest of the token must still be the same bytes. */
    @Test
    void aCachedSignatureOnAnotherHeaderOrPayloadIsNotAHit() throws Exception {
        String cached = token(600);
        ValidatedToken original = validator.validate(cached);
        long now = clock.now.getEpochSecond();
        // as long as the cached token's payload, so that only the bytes, not their count, tell them apart
        String other = Jws.sign(Jws.header(KEY), "{\"iss\":\"" + ISS + "\",\"sub\":\"x\",\"exp\":" + (now + 600) + "}", KEY);
        String cachedSignature = cached.substring(cached.lastIndexOf('.'));
        String[] forged = {
                other.substring(0, other.lastIndexOf('.')) + cachedSignature, // another payload, the cached signature
                "x" + cached, // one more byte in front of the header
                cached.substring(1), // one byte less
                cached.replaceFirst("\\.", "..") // an extra dot between header and payload
        };
        for (String token : forged) {
            InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> validator.validate(token), token);
            assertTrue(e.reason() == Reason.SIGNATURE_INVALID || e.reason() == Reason.MALFORMED, e.reason().name());
        }
        assertEquals(0, cache.hits(), "no forged token was a hit");
        assertSame(original, validator.validate(cached), "the cached token's entry is still there");
        assertEquals(1, cache.hits());
    }

    /** The cached token's header and payload under another valid signature: the other token's, not a hit. */
    @Test
    void aCachedHeaderAndPayloadUnderAnotherSignatureIsNotAHit() throws Exception {
        String cached = token(600);
        validator.validate(cached);
        String other = token(900);
        String spliced = cached.substring(0, cached.lastIndexOf('.')) + other.substring(other.lastIndexOf('.'));
        InvalidTokenException e = assertThrows(InvalidTokenException.class, () -> validator.validate(spliced));
        assertEquals(Reason.SIGNATURE_INVALID, e.reason());
        assertEquals(0, cache.hits());
    }

    @Test
    void anEntryLivesNoLongerThanTheTtlWhateverItsExp() throws Exception {
        // The TTL (the JWKS refresh interval in the service) bounds an entry's life
        TokenCache shortLived = new TokenCache(100, Duration.ofMinutes(10));
        JwtValidator v = validator(clock, shortLived);
        String token = token(86_400);
        v.validate(token);
        clock.now = clock.now.plus(Duration.ofMinutes(9));
        v.validate(token);
        assertEquals(1, shortLived.hits());
        clock.now = clock.now.plus(Duration.ofMinutes(2));
        v.validate(token);  // still valid, but validated again from scratch
        assertEquals(1, shortLived.hits(), "older than the TTL: a miss");
        assertEquals(2, shortLived.misses());
        v.validate(token);
        assertEquals(2, shortLived.hits(), "and cached again");
    }

    @Test
    void invalidTokensAreNeverCached() {
        String forged = Jws.sign(Jws.header(KEY), "{\"iss\":\"" + ISS + "\",\"exp\":1}", KEY);
        assertThrows(InvalidTokenException.class, () -> validator.validate(forged));
        assertThrows(InvalidTokenException.class, () -> validator.validate(forged));
        assertEquals(0, cache.size());
        assertEquals(0, cache.hits());
    }

    // --- bounded by estimated bytes, not only by entries -----------------------------------------------------

    String largeToken(int i, int padding) {
        long now = clock.now.getEpochSecond();
        // every token of the same length (u1000..u1999), so every entry weighs the same whichever the cache keeps
        return Jws.sign(Jws.header(KEY), "{\"iss\":\"" + ISS + "\",\"sub\":\"u" + (1000 + i) + "\",\"exp\":" + (now + 600)
                + ",\"pad\":\"" + "x".repeat(padding) + "\"}", KEY);
    }

    @Test
    void largeTokensFillTheCacheOnlyUpToItsByteBound() throws Exception {
        long maxBytes = 256 * 1024;
        TokenCache bounded = new TokenCache(1000, Duration.ofMinutes(10), maxBytes);
        JwtValidator v = validator(clock, bounded);
        int length = 0;
        int perEntry = 0;
        for (int i = 0; i < 100; i++) {
            String token = largeToken(i, 4000);
            length = token.length();
            perEntry = TokenCache.estimatedBytes(v.validate(token), token.lastIndexOf('.') + 1);
        }
        bounded.cleanUp();
        // the pad's string, the bytes the entry matches on and the rendered answer: more than the token itself
        assertTrue(length > 5000 && perEntry > 2 * length, length + " characters, " + perEntry + " bytes");
        assertTrue(bounded.weightedBytes() <= maxBytes, bounded.weightedBytes() + " > " + maxBytes);
        assertTrue(bounded.size() >= 1 && bounded.size() <= maxBytes / perEntry,
                bounded.size() + " entries of ~" + perEntry + " bytes");
        assertEquals(bounded.size() * perEntry, bounded.weightedBytes(), "each entry weighs its estimate");
        assertEquals(maxBytes, bounded.maxBytes());
    }

    @Test
    void smallTokensAreStillBoundedByTheEntryCount() throws Exception {
        TokenCache bounded = new TokenCache(20, Duration.ofMinutes(10), TokenCache.DEFAULT_MAX_BYTES);
        JwtValidator v = validator(clock, bounded);
        for (int i = 0; i < 100; i++) {
            v.validate(largeToken(i, 10));
        }
        bounded.cleanUp();
        assertTrue(bounded.size() <= 20, bounded.size() + " entries");
        assertTrue(bounded.weightedBytes() <= TokenCache.DEFAULT_MAX_BYTES);
    }
}
