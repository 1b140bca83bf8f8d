package io.jwtbench.service.bench;

import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.service.config.JwtConfig;
import io.jwtbench.service.validation.ValidationMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code jwtCache} section of every {@code jwt} run: the validator's token-cache hits and misses
 * inside the measured window and their ratio, read from the very counters {@code /q/metrics} exposes
 * ({@code jwt_cache_requests_total{result="hit"|"miss"}}) at the window's open and close. The
 * counters are the whole process': other traffic to {@code /jwt/validate} during the run counts too.
 * The cache is Caffeine (W-TinyLFU), so a token pool larger than {@code jwt.cache.max-size} still
 * hits often: this section says what the run actually measured.
 */
@Singleton
public class CacheExtension implements RunExtension {
    private final ValidationMetrics metrics;
    private final JwtConfig config;

    public CacheExtension(ValidationMetrics metrics, JwtConfig config) {
        this.metrics = metrics;
        this.config = config;
    }

    @Override
    public String section() {
        return "jwtCache";
    }

    @Override
    public Observation begin(RunContext run) {
        if (!"jwt".equals(run.target())) {
            return outcome -> null;
        }
        FunctionCounter hits = metrics.cacheHits();
        FunctionCounter misses = metrics.cacheMisses();
        if (hits == null || misses == null) {
            return outcome -> Map.of("enabled", false);
        }
        double hitsAtStart = hits.count();
        double missesAtStart = misses.count();
        return outcome -> {
            long hit = Math.round(hits.count() - hitsAtStart);
            long miss = Math.round(misses.count() - missesAtStart);
            Map<String, Object> section = new LinkedHashMap<>();
            section.put("enabled", true);
            section.put("maxSize", config.cache().maxSize());
            section.put("hits", hit);
            section.put("misses", miss);
            section.put("hitRatio", hit + miss == 0 ? null : Math.round(10_000.0 * hit / (hit + miss)) / 10_000.0);
            section.put("source", "jwt_cache_requests_total deltas over the measured window (whole process)");
            return section;
        };
    }
}
