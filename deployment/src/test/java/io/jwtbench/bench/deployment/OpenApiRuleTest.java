package io.jwtbench.bench.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bench API is in {@code /q/openapi} in dev and test mode, in prod only on the
 * management interface, unless quarkus.bench.openapi.enabled says otherwise.
 */
class OpenApiRuleTest {

    @ParameterizedTest
    @CsvSource({
            // configured, devOrTest, management interface, included
            "'', true, false, true",
            "'', false, false, false", // prod on the public port: strangers read /q/openapi
            "'', false, true, true",
            "true, false, false, true",
            "false, true, false, false",
            "false, false, true, false" })
    void rule(String configured, boolean devOrTest, boolean management, boolean included) {
        Optional<Boolean> c = configured.isEmpty() ? Optional.empty() : Optional.of(Boolean.parseBoolean(configured));
        assertEquals(included, BenchProcessor.openApiIncluded(c, devOrTest, management));
    }
}
