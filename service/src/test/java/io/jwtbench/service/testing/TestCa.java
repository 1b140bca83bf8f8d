package io.jwtbench.service.testing;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * An internal CA made for one test, as a company's would be: a CA certificate (what a trust store
 * names) and a server certificate it signed for 127.0.0.1 and localhost, with the server's private
 * key as PKCS#8 PEM (what Keycloak's {@code --https-certificate-key-file} reads). Made by the JDK's
 * keytool, so nothing outside the JDK is needed.
 *
 * @param caPem         the CA certificate, PEM
 * @param serverCertPem the server certificate (signed by the CA), PEM
 * @param serverKeyPem  the server's private key, PKCS#8 PEM, unencrypted
 */
public record TestCa(Path caPem, Path serverCertPem, Path serverKeyPem) {
    private static final String PASSWORD = "changeit";

    /** Writes the three PEM files into {@code dir}, the server certificate for 127.0.0.1 and localhost. keytool takes a few seconds. */
    public static TestCa create(Path dir) throws Exception {
        return create(dir, "san=ip:127.0.0.1,dns:localhost");
    }

    /** @param san the server certificate's subject alternative names, as keytool's {@code -ext} takes them ({@code san=dns:pod.test}) */
    public static TestCa create(Path dir, String san) throws Exception {
        Files.createDirectories(dir);
        Path ca = dir.resolve("ca.p12");
        Path server = dir.resolve("server.p12");
        Path csr = dir.resolve("server.csr");
        TestCa made = new TestCa(dir.resolve("ca.pem"), dir.resolve("server.pem"), dir.resolve("server-key.pem"));
        for (Path old : List.of(ca, server, csr)) {
            Files.deleteIfExists(old);
        }
        keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=jwt-bench test CA",
                "-ext", "bc:c", "-validity", "2", "-storetype", "PKCS12", "-keystore", ca.toString(), "-storepass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", ca.toString(), "-storepass", PASSWORD,
                "-file", made.caPem.toString());
        keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-validity", "2", "-storetype", "PKCS12", "-keystore", server.toString(), "-storepass", PASSWORD);
        keytool("-certreq", "-alias", "server", "-keystore", server.toString(), "-storepass", PASSWORD, "-file", csr.toString());
        keytool("-gencert", "-rfc", "-alias", "ca", "-keystore", ca.toString(), "-storepass", PASSWORD, "-infile", csr.toString(),
                "-outfile", made.serverCertPem.toString(), "-validity", "2", "-ext", san,
                "-ext", "ku:c=digitalSignature", "-ext", "eku=serverAuth");
        KeyStore serverStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(server)) {
            serverStore.load(in, PASSWORD.toCharArray());
        }
        Files.writeString(made.serverKeyPem, pem("PRIVATE KEY",
                serverStore.getKey("server", PASSWORD.toCharArray()).getEncoded()));
        return made;
    }

    /** Runs the JDK's keytool; its output is the exception's message when it fails. */
    public static void keytool(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("keytool " + String.join(" ", args) + " failed: " + output);
        }
    }

    public static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    /** A client context that trusts this CA and nothing else. */
    public SSLContext clientContext() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(caPem)) {
            trust.setCertificateEntry("ca", (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
        return context;
    }
}
