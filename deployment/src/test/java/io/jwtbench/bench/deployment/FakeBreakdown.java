package io.jwtbench.bench.deployment;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import io.jwtbench.bench.runtime.spi.RunExtension;

/** Stands in for the JFR extension in tests: a {@code breakdown} section with fixed shares. */
@ApplicationScoped
public class FakeBreakdown implements RunExtension {

    @Override
    public String section() {
        return "breakdown";
    }

    @Override
    public Observation begin(String runId, String target) {
        return () -> {
            Map<String, Object> shares = new LinkedHashMap<>();
            shares.put("validation", 40.0);
            shares.put("http", 35.0);
            shares.put("gc", 5.0);
            shares.put("other", 20.0);
            return Map.of("categories", shares);
        };
    }
}
