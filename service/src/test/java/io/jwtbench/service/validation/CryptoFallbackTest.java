package io.jwtbench.service.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.jwtbench.service.config.JwtConfig;
import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.keys.VerificationKey;

/**
 * Where the Amazon Corretto Crypto Provider's native library cannot load, {@code auto} falls back with one log line
 * and every family still verifies; asking for {@code accp} by name stops the start with the reason. Checked in a JVM
 * of its own where ACCP really fails to load: {@code useExternalLib=true} makes it skip its bundled library and look
 * for one on the system, where there is none, as on a platform the bundled one was not built for.
 */
class CryptoFallbackTest {

    /** In the child JVM: what {@code auto} and {@code accp} resolve to, and whether signatures verify. */
    public static void main(String[] args) throws Exception {
        System.out.println("loads=" + SignatureProvider.ACCP.loads());
        SignatureProviders auto = CryptoChoice.resolve(config("auto"));
        System.out.println("auto=" + auto.describe());
        TestKey rsa = TestKey.rsa("r");
        TestKey ec = TestKey.ec256("e");
        byte[] input = "a.b".getBytes(StandardCharsets.US_ASCII);
        System.out.println("rs256=" + JwsAlgorithm.RS256.verify(new VerificationKey("r", null, rsa.publicKey(), "RSA", null),
                input, input.length, Jws.signature("RS256", rsa, input), auto));
        System.out.println("es256=" + JwsAlgorithm.ES256.verify(new VerificationKey("e", null, ec.publicKey(), "EC", "P-256"),
                input, input.length, Jws.signature("ES256", ec, input), auto));
        try {
            CryptoChoice.resolve(config("accp"));
            System.out.println("accp=started");
        } catch (IllegalStateException e) {
            System.out.println("accp=" + e.getMessage());
        }
    }

    static JwtConfig.CryptoConfig config(String provider) {
        return new JwtConfig.CryptoConfig() {
            @Override
            public String provider() {
                return provider;
            }

            @Override
            public Optional<String> rsa() {
                return Optional.empty();
            }

            @Override
            public Optional<String> ecdsa() {
                return Optional.empty();
            }

            @Override
            public Optional<String> eddsa() {
                return Optional.empty();
            }
        };
    }

    @Test
    void withoutTheNativeLibraryAutoFallsBackAndSaysSo() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dcom.amazon.corretto.crypto.provider.useExternalLib=true",
                "-Dorg.jboss.logging.provider=jdk", // its log lines to stderr, as java.util.logging writes them
                "-cp", System.getProperty("java.class.path"),
                CryptoFallbackTest.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        List<String> lines = out.lines().toList();
        assertTrue(lines.contains("loads=false"), out);
        assertTrue(lines.contains("auto=rsa=jdk, ecdsa=bouncycastle, eddsa=bouncycastle"), out);
        assertTrue(lines.contains("rs256=true") && lines.contains("es256=true"), out);
        assertEquals(1, lines.stream().filter(l -> l.contains("Amazon Corretto Crypto Provider does not load on this platform")
                && l.contains("signatures verified by rsa=jdk, ecdsa=bouncycastle, eddsa=bouncycastle")).count(),
                "one log line says why and what instead: " + out);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("accp=jwt.crypto.provider=accp: the Amazon Corretto Crypto"
                + " Provider does not load on this platform")), out);
    }
}
