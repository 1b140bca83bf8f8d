package io.jwtbench.service.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * The application as its own one-pod fleet: it listens on a port known before it starts so that it can name
 * itself as the fleet's only peer, over plain HTTP on loopback (allowed here: the tests send no credentials).
 */
public class OwnFleet implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        try (ServerSocket socket = new ServerSocket(0)) {
            String port = String.valueOf(socket.getLocalPort());
            return Map.of("quarkus.http.test-port", port,
                    "quarkus.bench.fleet.peers", "http://127.0.0.1:" + port,
                    "quarkus.bench.fleet.allow-plaintext-credentials", "true",
                    "quarkus.bench.fleet.start-delay", "1s");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
