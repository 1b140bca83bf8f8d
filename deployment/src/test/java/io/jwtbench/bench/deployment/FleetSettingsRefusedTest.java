package io.jwtbench.bench.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;

/**
 * Fleet settings no fleet could work with: a negative {@code quarkus.bench.fleet.grace} (every pod lost before its
 * run's planned end) and a {@code quarkus.bench.fleet.token-secret} shorter than 32 characters (no fleet token signed
 * or accepted). The application does not start, and names each property with its reason, both at once.
 */
class FleetSettingsRefusedTest {
    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest().overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.bench.fleet.peers", "http://127.0.0.1:1")
            .overrideConfigKey("quarkus.bench.fleet.grace", "-1s")
            .overrideConfigKey("quarkus.bench.fleet.token-secret", "31-characters-are-one-too-few!!")
            .assertException(FleetSettingsRefusedTest::namesEachPropertyAndItsReason);

    static void namesEachPropertyAndItsReason(Throwable t) {
        assertEquals("quarkus.bench.fleet.token-secret is shorter than 32 characters: no fleet token is signed or accepted"
                + " with it; quarkus.bench.fleet.grace is negative (PT-1S): a pod would count as lost before its run's"
                + " planned end", StartupRefusal.message(t));
    }

    @Test
    void doesNotStart() {
        fail("the application started with a negative fleet grace and a short fleet token secret");
    }
}
