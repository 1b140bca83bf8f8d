package io.jwtbench.service.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * The application as its own one-pod fleet: it listens on a port known before it starts so that it can name
 * itself as the fleet's only peer, over plain HTTP on loopback (allowed here: the tests send no credentials).
 * It serves HTTPS too, with a certificate of a CA made for the test, as the operator's configuration shows it,
 * so that the pages' TLS examples run.
 */
public class OwnFleet implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        try {
            String port = String.valueOf(ServicePod.freePort());
            TestCa ca = TestCa.create(Path.of("target", "own-fleet-tls"));
            return Map.of("quarkus.http.test-port", port,
                    "quarkus.http.test-ssl-port", String.valueOf(ServicePod.freePort()),
                    "quarkus.tls.key-store.pem.0.cert", ca.serverCertPem().toAbsolutePath().toString(),
                    "quarkus.tls.key-store.pem.0.key", ca.serverKeyPem().toAbsolutePath().toString(),
                    "quarkus.bench.fleet.peers", "http://127.0.0.1:" + port,
                    "quarkus.bench.fleet.allow-plaintext-credentials", "true",
                    "quarkus.bench.fleet.start-delay", "1s");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
