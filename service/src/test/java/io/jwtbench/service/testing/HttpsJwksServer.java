package io.jwtbench.service.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTPS identity provider on loopback for the key-lifecycle tests: a self-signed
 * certificate made by the JDK's keytool (SAN 127.0.0.1), per-path answers the test switches while
 * it runs (publish, rotate, remove, fail, redirect), request counts, and an {@link HttpClient}
 * that trusts exactly this certificate and follows no redirects.
 */
public final class HttpsJwksServer implements AutoCloseable {
    /** One answer: status, body, optional Location, optional delay before answering. */
    public record Answer(int status, String body, String location, long delayMillis) {
        public static Answer json(String body) {
            return new Answer(200, body, null, 0);
        }

        public static Answer status(int status) {
            return new Answer(status, "{\"error\":\"boom\"}", null, 0);
        }

        public static Answer redirect(String location) {
            return new Answer(302, "", location, 0);
        }

        public Answer delayed(long millis) {
            return new Answer(status, body, location, millis);
        }
    }

    private static volatile KeyStore keyStore;
    private static final char[] PASSWORD = "changeit".toCharArray();

    private final HttpsServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final SSLContext clientContext;

    public HttpsJwksServer() throws Exception {
        KeyStore ks = keyStore();
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        SSLContext serverContext = SSLContext.getInstance("TLS");
        serverContext.init(kmf.getKeyManagers(), null, null);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        clientContext = SSLContext.getInstance("TLS");
        clientContext.init(null, tmf.getTrustManagers(), null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext));
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** One self-signed certificate for every server of this JVM: keytool takes a second or two. */
    private static synchronized KeyStore keyStore() throws Exception {
        if (keyStore == null) {
            Path dir = Files.createTempDirectory("https-jwks");
            Path file = dir.resolve("server.p12");
            TestCa.keytool("-genkeypair", "-alias", "jwks", "-keyalg", "EC", "-groupname", "secp256r1",
                    "-dname", "CN=127.0.0.1", "-ext", "san=ip:127.0.0.1,dns:localhost", "-validity", "2",
                    "-storetype", "PKCS12", "-keystore", file.toString(), "-storepass", "changeit", "-keypass", "changeit");
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(file)) {
                ks.load(in, PASSWORD);
            }
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
            keyStore = ks;
        }
        return keyStore;
    }

    /** This servers' self-signed certificate as a PEM file (what a TLS registry trust store names), made once. */
    public static synchronized Path certificatePem() throws Exception {
        if (certificatePem == null) {
            java.security.cert.Certificate cert = keyStore().getCertificate("jwks");
            Path pem = Files.createTempFile("https-jwks-ca", ".pem");
            Files.writeString(pem, TestCa.pem("CERTIFICATE", cert.getEncoded()));
            pem.toFile().deleteOnExit();
            certificatePem = pem;
        }
        return certificatePem;
    }

    private static Path certificatePem;

    public URI uri(String path) {
        return URI.create("https://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    public void respond(String path, Answer answer) {
        answers.put(path, answer);
    }

    public int count(String path) {
        AtomicInteger c = counts.get(path);
        return c == null ? 0 : c.get();
    }

    /** Trusts this server's certificate only; never follows redirects (as the service's own client). */
    public HttpClient client() {
        return HttpClient.newBuilder().sslContext(clientContext).connectTimeout(Duration.ofSeconds(2))
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** The same trust, following redirects: what the key sources must refuse. */
    public HttpClient redirectingClient() {
        return HttpClient.newBuilder().sslContext(clientContext).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        counts.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet();
        Answer a = answers.getOrDefault(path, Answer.status(404));
        try (ex) {
            if (a.delayMillis() > 0 && closing.await(a.delayMillis(), TimeUnit.MILLISECONDS)) {
                return;
            }
            byte[] body = a.body().getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "application/json");
            if (a.location() != null) {
                ex.getResponseHeaders().set("Location", a.location());
            }
            ex.sendResponseHeaders(a.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(body);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // client went away
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
