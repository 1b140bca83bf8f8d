package io.jwtbench.bench.deployment;

import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.runtime.configuration.ConfigurationException;

/** What a start-up refused for its configuration said, wherever Quarkus wrapped the exception. */
final class StartupRefusal {
    private StartupRefusal() {
    }

    /** The message of the {@link ConfigurationException} among {@code t}'s causes; fails when start-up failed otherwise. */
    static String message(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ConfigurationException) {
                return c.getMessage();
            }
        }
        return fail("start-up failed otherwise", t);
    }
}
