package io.jwtbench.bench.runtime.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import io.jwtbench.service.testing.TestCa;

/**
 * How a fleet's coordinator trusts a pod over TLS, against a real HTTPS server on loopback: the chain must end at
 * the configured CA, and the certificate must name {@code tls-server-name} (or, without it, the address the pod
 * was reached at). A pod found by its IP address with a certificate for the Service's name passes only with the
 * name configured; another CA's certificate or another name fails the handshake, saying why.
 */
class FleetTlsTest {
    static final String NAME = "pod.fleet.test";
    static TestCa fleetCa;
    static TestCa otherCa;
    static HttpsServer server;

    @BeforeAll
    static void serve() throws Exception {
        fleetCa = TestCa.create(Path.of("target", "fleet-tls-test", "fleet"), "san=dns:" + NAME);
        otherCa = TestCa.create(Path.of("target", "fleet-tls-test", "other"), "san=dns:" + NAME);
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext(fleetCa)));
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    /** The server's certificate and key, as the pods' TLS registry reads them from PEM. */
    static SSLContext serverContext(TestCa ca) throws Exception {
        CertificateFactory x509 = CertificateFactory.getInstance("X.509");
        Certificate cert;
        try (InputStream in = Files.newInputStream(ca.serverCertPem())) {
            cert = x509.generateCertificate(in);
        }
        String pem = Files.readString(ca.serverKeyPem()).replaceAll("-----[A-Z ]+-----|\\s", "");
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("server", KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder()
                .decode(pem))), "changeit".toCharArray(), new Certificate[] { cert });
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, "changeit".toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return context;
    }

    /** A coordinator's context: {@code ca}'s chain check, then the name. */
    static SSLContext client(TestCa ca, Optional<String> serverName) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(ca.caPem())) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] { new FleetTls.Named((X509TrustManager) tmf.getTrustManagers()[0], serverName) }, null);
        return context;
    }

    static int get(SSLContext context) throws Exception {
        HttpClient http = Fleet.http(Duration.ofSeconds(5), Optional.of(context));
        return http.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/")).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void aPodReachedByItsAddressIsCheckedAgainstTheConfiguredName() throws Exception {
        assertEquals(200, get(client(fleetCa, Optional.of(NAME))));
    }

    @Test
    void anotherNameOrTheAddressItselfFailsTheHandshake() {
        SSLHandshakeException other = assertThrows(SSLHandshakeException.class, () -> get(client(fleetCa, Optional.of("other.fleet.test"))));
        assertTrue(String.valueOf(other.getMessage()).contains("does not name other.fleet.test"), other.getMessage());
        // without the name, the address: the certificate does not name 127.0.0.1
        SSLHandshakeException address = assertThrows(SSLHandshakeException.class, () -> get(client(fleetCa, Optional.empty())));
        assertTrue(String.valueOf(address.getMessage()).contains("does not name 127.0.0.1"), address.getMessage());
    }

    @Test
    void anotherCasCertificateFailsTheHandshake() {
        SSLHandshakeException e = assertThrows(SSLHandshakeException.class, () -> get(client(otherCa, Optional.of(NAME))));
        assertTrue(String.valueOf(e.getMessage()).contains("PKIX"), e.getMessage());
    }

    @Test
    void aWildcardNamesOneLabel() throws Exception {
        assertTrue(FleetTls.dnsMatches("*.fleet.test", "pod-1.fleet.test"));
        assertTrue(FleetTls.dnsMatches("POD.Fleet.test", "pod.fleet.TEST"));
        assertFalse(FleetTls.dnsMatches("*.fleet.test", "a.pod.fleet.test"));
        assertFalse(FleetTls.dnsMatches("*.fleet.test", "fleet.test"));
        assertFalse(FleetTls.dnsMatches("*.test", "fleet.test"), "a wildcard over a top-level label names nothing");
        X509Certificate cert;
        try (InputStream in = Files.newInputStream(fleetCa.serverCertPem())) {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        assertTrue(FleetTls.names(cert, NAME));
        assertFalse(FleetTls.names(cert, "127.0.0.1"));
    }
}
