package io.jwtbench.bench.deployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Real key material for the tests' HTTPS servers: a fresh key and self-signed certificate for 127.0.0.1, by the JDK's keytool. */
final class Keytool {
    static final String PASSWORD = "bench-test";
    static final List<String> EC_P256 = List.of("-keyalg", "EC", "-groupname", "secp256r1");
    static final List<String> RSA_2048 = List.of("-keyalg", "RSA", "-keysize", "2048");
    /** A key the JDK's TLS engine serves and BoringSSL does not. */
    static final List<String> ED448 = List.of("-keyalg", "Ed448");

    private Keytool() {
    }

    /** Writes (or replaces) the PKCS#12 key store {@code p12} with a new key of {@code keyArgs}; returns it. */
    static Path keyStore(Path p12, List<String> keyArgs) {
        try {
            Files.createDirectories(p12.getParent());
            Path fresh = p12.resolveSibling(p12.getFileName() + ".new");
            Files.deleteIfExists(fresh);
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair", "-alias", "server"));
            command.addAll(keyArgs);
            command.addAll(List.of("-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-validity", "2",
                    "-storetype", "PKCS12", "-keystore", fresh.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD));
            Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(keytool.getInputStream().readAllBytes());
            if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
                throw new IllegalStateException("keytool failed: " + out);
            }
            // replaced in one step: a server reloading it never reads half a file
            return Files.move(fresh, p12, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
