package io.jwtbench.service.testing;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * The application with a token cache small enough that a run's token pool can outgrow it. One profile for every
 * test that needs that, so that they share one application (each profile is a Quarkus build of its own).
 */
public class SmallTokenCache implements QuarkusTestProfile {
    public static final int MAX_SIZE = 1000;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("jwt.cache.max-size", String.valueOf(MAX_SIZE));
    }
}
