package io.jwtbench.service.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.plan.Transport.TlsEngine;
import io.jwtbench.bench.runtime.server.ServerTlsEngine;
import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.ServicePod;
import io.jwtbench.service.testing.TestCa;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * The service serves HTTPS from standard Quarkus configuration, as the operator's application.properties shows it:
 * a PEM certificate and key through the TLS registry ({@code quarkus.tls.key-store.pem.*}) and an SSL port. A client
 * that trusts the certificate's CA (made for this test by keytool) gets TLS 1.3 and, by ALPN, HTTP/2, on the
 * health check and on {@code /jwt/validate} with its RFC 6750 answer, on the server TLS engine the default
 * {@code quarkus.bench.server-tls.engine=auto} picks here (BoringSSL, which loads on this platform);
 * {@link HttpsJdkEngineTest} runs the same on the JDK's engine.
 */
@QuarkusTest
@TestProfile(HttpsTest.Https.class)
@QuarkusTestResource(LocalIdp.class)
class HttpsTest {
    static final Path DIR = Path.of("target", "https-test");

    public static class Https implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            try {
                TestCa ca = TestCa.create(DIR);
                Map<String, String> config = new HashMap<>(Map.of("quarkus.http.test-ssl-port", String.valueOf(ServicePod.freePort()),
                        "quarkus.tls.key-store.pem.0.cert", ca.serverCertPem().toAbsolutePath().toString(),
                        "quarkus.tls.key-store.pem.0.key", ca.serverKeyPem().toAbsolutePath().toString()));
                config.putAll(engine());
                return config;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        /** The server engine's setting: none, the default. */
        Map<String, String> engine() {
            return Map.of();
        }
    }

    @Inject
    ServerTlsEngine serverTlsEngine;

    /** The engine this class's profile serves HTTPS with. */
    TlsEngine expectedEngine() {
        return TlsEngine.OPENSSL;
    }

    @Test
    void servedByTheExpectedEngine() {
        assertEquals(expectedEngine(), serverTlsEngine.served().orElseThrow().engine());
    }

    static HttpResponse<String> get(String path, HttpClient.Version version) throws Exception {
        TestCa ca = new TestCa(DIR.resolve("ca.pem"), DIR.resolve("server.pem"), DIR.resolve("server-key.pem"));
        assertTrue(Files.exists(ca.caPem()));
        int port = ConfigProvider.getConfig().getValue("quarkus.http.test-ssl-port", Integer.class);
        HttpClient client = HttpClient.newBuilder().sslContext(ca.clientContext()).version(version)
                .connectTimeout(Duration.ofSeconds(10)).build();
        return client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port + path)).timeout(Duration.ofSeconds(10))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void healthOverTls13AndHttp2ByAlpn() throws Exception {
        HttpResponse<String> r = get("/q/health/live", HttpClient.Version.HTTP_2);
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(HttpClient.Version.HTTP_2, r.version(), "ALPN chose h2");
        assertEquals("TLSv1.3", r.sslSession().orElseThrow().getProtocol());
    }

    @Test
    void validationAnswersOverHttpsAsOverHttp() throws Exception {
        HttpResponse<String> r = get("/jwt/validate", HttpClient.Version.HTTP_1_1);
        assertEquals(401, r.statusCode(), r.body());
        assertEquals(HttpClient.Version.HTTP_1_1, r.version());
        assertTrue(r.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"), r.headers().toString());
    }
}
