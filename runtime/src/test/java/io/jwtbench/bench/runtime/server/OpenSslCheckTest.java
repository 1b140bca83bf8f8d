package io.jwtbench.bench.runtime.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.jwtbench.bench.runtime.plan.ServerCertificate;
import io.netty.handler.ssl.SslProvider;
import io.vertx.core.Vertx;

/**
 * The start-up check of the OpenSSL server engine: a real handshake, in memory, of BoringSSL serving the key against
 * the JDK's client. The keys the bench makes (RSA-2048, ECDSA P-256) pass; an Ed448 key, which the JDK's engine
 * serves, does not, with BoringSSL's reason.
 */
class OpenSslCheckTest {
    @TempDir
    Path dir;

    @Test
    void theBenchsOwnCertificatesServeOnBoringSsl() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            for (ServerCertificate type : new ServerCertificate[] {ServerCertificate.RSA_2048, ServerCertificate.ECDSA_P256}) {
                BenchCertificate made = BenchCertificate.of(type);
                KeyManagerFactory keys = made.pem().getKeyManagerFactory(vertx);
                assertNull(OpenSslCheck.whyNot(keys), type.jsonName);
                assertNull(OpenSslCheck.handshakeProblem(keys, SslProvider.JDK), type.jsonName);
                assertEquals(type == ServerCertificate.RSA_2048 ? "RSA" : "EC", made.certificate().getPublicKey().getAlgorithm());
                made.certificate().verify(made.certificate().getPublicKey()); // self-signed, and signed right
            }
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void anEd448KeyServesOnTheJdkButNotOnBoringSsl() throws Exception {
        KeyManagerFactory keys = keytool("Ed448");
        assertNull(OpenSslCheck.handshakeProblem(keys, SslProvider.JDK), "the JDK's engine serves it");
        String why = OpenSslCheck.whyNot(keys);
        assertNotNull(why, "BoringSSL has no Ed448");
        assertTrue(why.startsWith("BoringSSL cannot serve this certificate and key: "), why);
    }

    private KeyManagerFactory keytool(String algorithm) throws IOException, InterruptedException, Exception {
        Path p12 = dir.resolve(algorithm + ".p12");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
                "-alias", "server", "-keyalg", algorithm, "-dname", "CN=localhost", "-validity", "2", "-storetype", "PKCS12",
                "-keystore", p12.toString(), "-storepass", "secret", "-keypass", "secret").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(p12)) {
            store.load(in, "secret".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, "secret".toCharArray());
        return kmf;
    }
}
