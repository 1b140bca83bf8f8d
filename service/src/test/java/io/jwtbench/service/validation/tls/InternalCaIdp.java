package io.jwtbench.service.validation.tls;

import java.util.Map;

import io.jwtbench.service.testing.HttpsJwksServer;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * An HTTPS JWKS endpoint whose certificate no JVM trusts by default (self-signed, made by keytool for the
 * test), named by two issuers: one trusts it through a TLS registry configuration, one does not.
 */
public class InternalCaIdp implements QuarkusTestResourceLifecycleManager {
    public static final String TRUSTING = "https://idp.internal/realms/trusting";
    public static final String DEFAULT_TRUST = "https://idp.internal/realms/default";
    public static final TestKey KEY = TestKey.rsa("internal-rsa-1");
    private HttpsJwksServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = new HttpsJwksServer();
            server.respond("/certs", HttpsJwksServer.Answer.json(TestKey.jwks(KEY)));
            String certs = server.uri("/certs").toString();
            return Map.of(
                    "jwt.issuers.trusting.issuer", TRUSTING,
                    "jwt.issuers.trusting.jwks.url", certs,
                    "jwt.issuers.trusting.tls-configuration-name", "internal-ca",
                    "jwt.issuers.default-trust.issuer", DEFAULT_TRUST,
                    "jwt.issuers.default-trust.jwks.url", certs,
                    "quarkus.tls.internal-ca.trust-store.pem.certs", HttpsJwksServer.certificatePem().toString(),
                    "jwt.jwks.timeout", "2s");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.close();
        }
    }
}
