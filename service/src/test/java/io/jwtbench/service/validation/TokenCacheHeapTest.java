package io.jwtbench.service.validation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.testing.Jws;

/**
 * The token cache's estimate of an entry against the heap it holds, measured: caches filled with tokens of one
 * shape, the heap after GC before and after, per entry, with the answer the web layer renders from a token (the
 * same fields, serialized by Jackson) kept as it keeps it. The estimate is never below what an entry holds, so
 * {@code jwt.cache.max-bytes} bounds the heap, and at most twice it. Before, an entry counted 512 bytes and 5 a
 * token character: an 8 KB token of a thousand tiny members was 41 KB against the 189 KB it held.
 */
class TokenCacheHeapTest {
    static final long NOW = Instant.now().getEpochSecond();
    static final ObjectMapper JSON = new ObjectMapper();
    static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    /** The payload of token {@code i} of a shape, each about as long as a shape's largest accepted token allows. */
    static IntFunction<String> shape(String name) {
        String head = "{\"iss\":\"" + TokenCacheTest.ISS + "\",\"exp\":" + (NOW + 3600) + ",\"sub\":\"u";
        return switch (name) {
            case "tiny members" -> i -> head + i + "\"" + members(i, 5_700, n -> ",\"m" + n + "\":" + (n % 100)) + "}";
            case "tiny members, names of their own" -> i -> head + i + "\"" + members(i, 5_700, n -> ",\"" + i + "_" + n + "\":0") + "}";
            case "empty objects" -> i -> head + i + "\"" + members(i, 5_700, n -> ",\"" + n + "\":{}") + "}";
            case "tiny strings in an array" -> i -> head + i + "\",\"roles\":[\"r\"" + members(i, 5_700, n -> ",\"r" + n + "\"") + "]}";
            case "nested arrays" -> i -> head + i + "\",\"a\":[[1]" + members(i, 5_700, n -> ",[" + (n % 100) + "]") + "]}";
            case "one long string" -> i -> head + i + "\",\"pad\":\"" + "x".repeat(5_700) + "\"}";
            case "Keycloak-shaped" -> i -> head + i + "\",\"typ\":\"Bearer\",\"azp\":\"web\",\"aud\":[\"orders-api\",\"account\"],"
                    + "\"iat\":" + NOW + ",\"scope\":\"openid email profile\",\"email\":\"user" + i + "@example.com\","
                    + "\"realm_access\":{\"roles\":[\"user\",\"orders-read\",\"offline_access\",\"uma_authorization\"]},"
                    + "\"resource_access\":{\"account\":{\"roles\":[\"manage-account\",\"view-profile\"]}},"
                    + "\"sid\":\"7c1f2d8e-5b6a-4c3d-9e8f-0a1b2c3d4e5f\",\"preferred_username\":\"user" + i + "\"}";
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** Members appended until the JSON is {@code length} characters. */
    static String members(int seed, int length, IntFunction<String> member) {
        StringBuilder s = new StringBuilder();
        for (int n = 0; s.length() < length; n++) {
            s.append(member.apply(n));
        }
        return s.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = { "tiny members", "tiny members, names of their own", "empty objects", "tiny strings in an array",
            "nested arrays", "one long string", "Keycloak-shaped" })
    void theEstimateBoundsTheHeapAnEntryHolds(String name) throws Exception {
        IntFunction<String> payload = shape(name);
        // every entry weighs its estimate: the floor (max-bytes / max-size, 1,000 bytes) is below any of these
        TokenCache cache = new TokenCache(1_000_000, Duration.ofMinutes(10), 1_000_000_000L);
        JwtValidator validator = TokenCacheTest.validator(Clock.systemUTC(), cache);
        int entries = 400;
        long before = heapAfterGc();
        int length = 0;
        for (int i = 0; i < entries; i++) {
            String token = Jws.sign(Jws.header(TokenCacheTest.KEY), payload.apply(i), TokenCacheTest.KEY);
            length = token.length();
            ValidatedToken t = validator.validate(token);
            t.rendered().set(rendered(t));
        }
        long held = heapAfterGc() - before;
        cache.cleanUp();
        long estimated = cache.weightedBytes();
        assertTrue(cache.size() == entries, cache.size() + " entries");
        System.out.printf("%s, %d characters: %d bytes an entry on the heap, %d estimated%n", name, length, held / entries,
                estimated / entries);
        assertTrue(estimated >= held, name + ": estimated " + estimated / entries + " bytes an entry, it holds " + held / entries);
        assertTrue(estimated <= 2 * held + 2048L * entries,
                name + ": estimated " + estimated / entries + " bytes an entry, far above the " + held / entries + " it holds");
        assertTrue(length <= 8192, length + " characters: over jwt.max-token-size");
    }

    /** What TimedJsonWriter keeps: the answer's JSON, its fields in the same order. */
    static byte[] rendered(ValidatedToken t) throws Exception {
        Map<String, Object> valid = new LinkedHashMap<>();
        valid.put("valid", true);
        valid.put("issuer", t.issuer());
        valid.put("subject", t.subject());
        valid.put("audience", t.audience());
        valid.put("expiresAt", t.expiresAt());
        valid.put("scopes", t.scopes());
        valid.put("roles", t.roles());
        valid.put("groups", t.groups());
        valid.put("claims", t.claims());
        return JSON.writeValueAsString(valid).getBytes(StandardCharsets.UTF_8);
    }

    static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return MEMORY.getHeapMemoryUsage().getUsed();
    }
}
