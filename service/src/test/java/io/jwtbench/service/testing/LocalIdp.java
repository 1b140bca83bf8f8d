package io.jwtbench.service.testing;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A real identity provider on loopback for {@code @QuarkusTest}s: OIDC discovery plus a JWKS
 * endpoint whose content tests can switch (rotation) and whose fetches they can count. A second
 * issuer reads its JWKS from a file, so both key-source kinds run inside the application.
 */
public class LocalIdp implements QuarkusTestResourceLifecycleManager {
    public static final String ISSUER = "https://idp.test/realms/local";
    public static final String FILE_ISSUER = "https://idp.test/realms/file";
    public static final TestKey RSA = TestKey.rsa("local-rsa-1");
    public static final TestKey EC = TestKey.ec256("local-ec-1");
    public static final TestKey FILE_KEY = TestKey.ed25519("file-ed-1");
    public static final AtomicReference<String> JWKS = new AtomicReference<>(TestKey.jwks(RSA, EC));
    public static final AtomicInteger JWKS_FETCHES = new AtomicInteger();

    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            server.createContext("/realms/local/.well-known/openid-configuration", exchange -> respond(exchange,
                    "{\"issuer\":\"" + ISSUER + "\",\"jwks_uri\":\"" + base + "/realms/local/certs\"}"));
            server.createContext("/realms/local/certs", exchange -> {
                JWKS_FETCHES.incrementAndGet();
                respond(exchange, JWKS.get());
            });
            server.start();
            // Real IdP-style tokens for the bench's "source":"file" runs: two good, one comment.
            Path tokenFile = Files.createTempFile("tokens", ".txt");
            Files.writeString(tokenFile, "# tokens of the local IdP\n"
                    + Jws.sign(Jws.header(RSA), Jws.payload(ISSUER), RSA) + "\n"
                    + Jws.sign(Jws.header(EC), Jws.payload(ISSUER).replace("user-42", "user-43"), EC) + "\n");
            tokenFile.toFile().deleteOnExit();
            Path jwksFile = Files.createTempFile("jwks", ".json");
            Files.writeString(jwksFile, TestKey.jwks(FILE_KEY));
            jwksFile.toFile().deleteOnExit();
            return Map.of(
                    "jwt.issuers.local.issuer", ISSUER,
                    "jwt.issuers.local.discovery-url", base + "/realms/local/.well-known/openid-configuration",
                    "jwt.issuers.local.audience", "orders-api",
                    "jwt.issuers.local.algorithms", "RS256,ES256",
                    "jwt.issuers.file.issuer", FILE_ISSUER,
                    "jwt.issuers.file.jwks.file", jwksFile.toString(),
                    "jwt.issuers.file.algorithms", "EdDSA",
                    "jwt.jwks.min-refresh-interval", "200ms",
                    // this IdP is plain http on loopback: the development/test-only override
                    "jwt.jwks.allow-insecure-http", "true",
                    "jwt.bench.token-file", tokenFile.toString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void respond(com.sun.net.httpserver.HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
