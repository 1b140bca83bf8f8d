package io.jwtbench.service.web;

import java.util.Map;

import io.jwtbench.bench.runtime.plan.Transport.TlsEngine;
import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link HttpsTest} on the JDK's server TLS engine ({@code quarkus.bench.server-tls.engine=jdk}): TLS 1.3, h2 by ALPN, the same answers. */
@QuarkusTest
@TestProfile(HttpsJdkEngineTest.JdkEngine.class)
@QuarkusTestResource(LocalIdp.class)
class HttpsJdkEngineTest extends HttpsTest {
    public static class JdkEngine extends HttpsTest.Https {
        @Override
        Map<String, String> engine() {
            return Map.of("quarkus.bench.server-tls.engine", "jdk");
        }
    }

    @Override
    TlsEngine expectedEngine() {
        return TlsEngine.JDK;
    }
}
