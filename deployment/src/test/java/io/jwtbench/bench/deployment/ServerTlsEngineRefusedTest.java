package io.jwtbench.bench.deployment;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;

/**
 * {@code quarkus.bench.server-tls.engine=openssl} with a certificate BoringSSL cannot use (an Ed448 key, which the
 * JDK's engine serves): the application does not start, and says which property and why.
 */
class ServerTlsEngineRefusedTest {
    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(Keytool.class))
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.http.test-ssl-port", "0")
            .overrideConfigKey("quarkus.tls.key-store.p12.path",
                    Keytool.keyStore(Path.of("target", "server-tls-refused-test", "ed448.p12"), Keytool.ED448).toAbsolutePath()
                            .toString())
            .overrideConfigKey("quarkus.tls.key-store.p12.password", Keytool.PASSWORD)
            .overrideConfigKey("quarkus.bench.server-tls.engine", "openssl")
            .assertException(ServerTlsEngineRefusedTest::namesThePropertyAndTheReason);

    static void namesThePropertyAndTheReason(Throwable t) {
        String message = StartupRefusal.message(t);
        assertTrue(message.startsWith("quarkus.bench.server-tls.engine=openssl, but BoringSSL cannot serve this certificate"
                + " and key: "), message);
        assertTrue(message.endsWith("; set quarkus.bench.server-tls.engine to jdk or auto"), message);
    }

    @Test
    void doesNotStart() {
        fail("the application started with a key BoringSSL cannot use");
    }
}
