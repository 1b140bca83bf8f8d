package io.jwtbench.service.gateway;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A real Caddy ({@code forward_auth}) with the Caddyfile of docs/gateways.md, its site address moved to a free
 * loopback port and a global block that keeps it off the admin port, HTTPS and the user's home directory.
 */
@QuarkusTest
@TestProfile(ForwardAuthProfile.class)
@QuarkusTestResource(LocalIdp.class)
class CaddyGatewayTest extends RealGatewayTest {

    @Override
    GatewayProcess start(Path dir, int servicePort, int upstreamPort) throws IOException {
        Path caddy = GatewayProcess.binary("caddy", "apt-get install caddy", "/usr/bin/caddy", "/usr/local/bin/caddy");
        int port = GatewayProcess.freePort();
        String site = NginxGatewayTest.replaced(GatewayDocs.block("Caddy", "caddyfile"), Map.of(GatewayDocs.SERVICE,
                "127.0.0.1:" + servicePort, GatewayDocs.APP, "127.0.0.1:" + upstreamPort, ":80 {", "http://:" + port + " {\n\tbind 127.0.0.1"));
        String global = "{\n\tadmin off\n\tauto_https off\n\tstorage file_system " + dir.resolve("data") + "\n}\n";
        Files.writeString(dir.resolve("Caddyfile"), global + site);
        Map<String, String> home = Map.of("HOME", dir.toString(), "XDG_DATA_HOME", dir.resolve("data").toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString());
        return GatewayProcess.start(List.of(caddy.toString(), "run", "--config", dir.resolve("Caddyfile").toString(), "--adapter",
                "caddyfile"), dir, home, port);
    }

    @Override
    int clientStatusFor(int checkStatus) {
        return checkStatus; // a denial reaches the client as the check answered it
    }
}
