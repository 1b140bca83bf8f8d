package io.jwtbench.service.validation;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.inject.Singleton;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code jwt_validations_total{issuer,result,reason}}, {@code jwt_validation_seconds} and the
 * token cache's hits and misses. Counters are looked up once per (issuer, reason) and kept,
 * so recording an outcome is a map read and an add.
 */
@Singleton
public class ValidationMetrics {
    static final String NONE = "none";

    private final MeterRegistry registry;
    private final Timer timer;
    private final Map<String, Outcomes> byIssuer = new ConcurrentHashMap<>();
    /** The meters /q/metrics shows as {@code jwt_cache_requests_total}; null without a cache. */
    private FunctionCounter cacheHits;
    private FunctionCounter cacheMisses;

    public ValidationMetrics(MeterRegistry registry, JwtValidator validator) {
        this.registry = registry;
        this.timer = Timer.builder("jwt.validation").description("Time to validate one token").register(registry);
        TokenCache cache = validator.cache();
        if (cache != null) {
            cacheHits = FunctionCounter.builder("jwt.cache.requests", cache, TokenCache::hits).tag("result", "hit")
                    .description("Token cache lookups").register(registry);
            cacheMisses = FunctionCounter.builder("jwt.cache.requests", cache, TokenCache::misses).tag("result", "miss")
                    .description("Token cache lookups").register(registry);
            Gauge.builder("jwt.cache.size", cache, TokenCache::size).description("Tokens in the cache").register(registry);
        }
    }

    /** The registered {@code jwt_cache_requests_total{result="hit"}} meter, or null when caching is off. */
    public FunctionCounter cacheHits() {
        return cacheHits;
    }

    /** The registered {@code jwt_cache_requests_total{result="miss"}} meter, or null when caching is off. */
    public FunctionCounter cacheMisses() {
        return cacheMisses;
    }

    public void valid(ValidatedToken token, long nanos) {
        timer.record(nanos, TimeUnit.NANOSECONDS);
        outcomes(token.issuerName()).valid.increment();
    }

    public void invalid(InvalidTokenException e, long nanos) {
        timer.record(nanos, TimeUnit.NANOSECONDS);
        outcomes(e.issuerName() == null ? NONE : e.issuerName()).invalid.get(e.reason()).increment();
    }

    private Outcomes outcomes(String issuer) {
        return byIssuer.computeIfAbsent(issuer, name -> new Outcomes(registry, name));
    }

    private static final class Outcomes {
        final Counter valid;
        final Map<Reason, Counter> invalid = new EnumMap<>(Reason.class);

        Outcomes(MeterRegistry registry, String issuer) {
            valid = counter(registry, issuer, "valid", NONE);
            for (Reason reason : Reason.values()) {
                invalid.put(reason, counter(registry, issuer, "invalid", reason.name()));
            }
        }

        private static Counter counter(MeterRegistry registry, String issuer, String result, String reason) {
            return Counter.builder("jwt.validations").description("Token validations by outcome")
                    .tag("issuer", issuer).tag("result", result).tag("reason", reason).register(registry);
        }
    }
}
