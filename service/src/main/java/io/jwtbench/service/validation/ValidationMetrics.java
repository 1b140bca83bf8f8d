package io.jwtbench.service.validation;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.inject.Singleton;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code jwt_validations_total{issuer,result,reason,traffic}}, {@code jwt_validation_seconds} and the
 * token cache's hits and misses. {@code result} is {@code valid}, {@code invalid} (an RFC 6750
 * {@code invalid_token}: {@code reason} is the {@link Reason}) or {@code invalid_request} (refused before any
 * token was read: {@code reason} is the {@link RequestProblem}); {@code traffic} is {@code bench} for the
 * bench's own requests (they carry its per-process secret) and {@code live} for everything else, so a
 * dashboard's error rate does not move when someone runs a bench. Counters are looked up once per (issuer,
 * traffic) and kept, so recording an outcome is a map read and an add.
 */
@Singleton
public class ValidationMetrics {
    static final String NONE = "none";
    static final String VALIDATIONS = "jwt.validations";
    static final String DESCRIPTION = "Requests to the validation routes by outcome: valid, invalid (a refused token),"
            + " invalid_request (refused before any token was read)";

    /** Whose request it was: the bench's own ({@code bench}) or anyone else's ({@code live}). */
    public enum Traffic {
        LIVE, BENCH;

        final String tag = name().toLowerCase(Locale.ROOT);

        /** The {@code traffic} label's value. */
        public String tag() {
            return tag;
        }
    }

    private final MeterRegistry registry;
    private final Timer timer;
    private final Map<Traffic, Map<String, Outcomes>> byIssuer = new EnumMap<>(Map.of(Traffic.LIVE, new ConcurrentHashMap<>(),
            Traffic.BENCH, new ConcurrentHashMap<>()));
    private final Map<Traffic, Map<RequestProblem, Counter>> refused = new EnumMap<>(Traffic.class);
    /** The meters /q/metrics shows as {@code jwt_cache_requests_total}; null without a cache. */
    private FunctionCounter cacheHits;
    private FunctionCounter cacheMisses;

    public ValidationMetrics(MeterRegistry registry, JwtValidator validator) {
        this.registry = registry;
        this.timer = Timer.builder("jwt.validation").description("Time to validate one token").register(registry);
        for (Traffic traffic : Traffic.values()) {
            refused.put(traffic, new ConcurrentHashMap<>());
        }
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

    /** A valid token of live traffic. */
    public void valid(ValidatedToken token, long nanos) {
        valid(token, nanos, Traffic.LIVE);
    }

    public void valid(ValidatedToken token, long nanos, Traffic traffic) {
        timer.record(nanos, TimeUnit.NANOSECONDS);
        outcomes(token.issuerName(), traffic).valid.increment();
    }

    /** A refused token of live traffic. */
    public void invalid(InvalidTokenException e, long nanos) {
        invalid(e, nanos, Traffic.LIVE);
    }

    public void invalid(InvalidTokenException e, long nanos, Traffic traffic) {
        timer.record(nanos, TimeUnit.NANOSECONDS);
        outcomes(e.issuerName() == null ? NONE : e.issuerName(), traffic).invalid.get(e.reason()).increment();
    }

    /** A request refused before any token was read ({@code invalid_request}); not timed: nothing was validated. */
    public void refused(RequestProblem problem, Traffic traffic) {
        refused.get(traffic).computeIfAbsent(problem, p -> counter(registry, NONE, "invalid_request", p.name(), traffic))
                .increment();
    }

    private Outcomes outcomes(String issuer, Traffic traffic) {
        return byIssuer.get(traffic).computeIfAbsent(issuer, name -> new Outcomes(registry, name, traffic));
    }

    private static Counter counter(MeterRegistry registry, String issuer, String result, String reason, Traffic traffic) {
        return Counter.builder(VALIDATIONS).description(DESCRIPTION).tag("issuer", issuer).tag("result", result)
                .tag("reason", reason).tag("traffic", traffic.tag).register(registry);
    }

    private static final class Outcomes {
        final Counter valid;
        final Map<Reason, Counter> invalid = new EnumMap<>(Reason.class);

        Outcomes(MeterRegistry registry, String issuer, Traffic traffic) {
            valid = counter(registry, issuer, "valid", NONE, traffic);
            for (Reason reason : Reason.values()) {
                invalid.put(reason, counter(registry, issuer, "invalid", reason.name(), traffic));
            }
        }
    }
}
