package io.jwtbench.bench.runtime.engine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Measurement;

/**
 * A TLS run against a server that does not speak TLS (it answers the ClientHello with plain HTTP and closes):
 * every connection's handshake fails, each is counted as a {@code tlsHandshake} error, nothing is counted as
 * answered, and the window closes on time; the generator does not hang on a handshake that cannot complete.
 */
class TlsHandshakeFailureTest {

    /** Any real certificate to trust: the first of the JDK's own CA store (the server never presents it). */
    static X509Certificate someCertificate() throws Exception {
        KeyStore cacerts = KeyStore.getInstance(Path.of(System.getProperty("java.home"), "lib", "security", "cacerts").toFile(),
                (char[]) null);
        for (String alias : Collections.list(cacerts.aliases())) {
            if (cacerts.getCertificate(alias) instanceof X509Certificate c) {
                return c;
            }
        }
        throw new IllegalStateException("no certificate in cacerts");
    }

    @Test
    void aServerThatDoesNotSpeakTlsIsAHandshakeErrorNotAHang() throws Exception {
        AtomicInteger accepted = new AtomicInteger();
        try (ServerSocket plain = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                while (!plain.isClosed()) {
                    try (Socket s = plain.accept()) {
                        accepted.incrementAndGet();
                        InputStream in = s.getInputStream();
                        in.read(new byte[512]); // the ClientHello
                        s.getOutputStream().write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                    } catch (Exception e) {
                        // closed at the end
                    }
                }
            }, "not-tls");
            server.setDaemon(true);
            server.start();

            Transport tls = new Transport(true, Transport.HTTP_1_1, 1, true, Transport.TlsEngine.JDK);
            Endpoint endpoint = new Endpoint(plain.getLocalPort(), tls, List.of(someCertificate()));
            long millis = 800;
            long start = System.nanoTime();
            Measurement.Phase phase = TransportTest.measure(RequestSource.always(BenchRequest.get("/"), java.util.Map.of()),
                    endpoint, 2, 0, millis, Duration.ofSeconds(2), s -> {
                    });
            double seconds = (System.nanoTime() - start) / 1e9;

            assertEquals(0, phase.tally.responses(), "nothing was answered over TLS");
            assertTrue(phase.tally.errors().tlsHandshake() > 0, "handshake failures: " + phase.tally.errors());
            assertEquals(0, phase.tally.handshakes());
            // each failed handshake was a connection the server accepted (its own count, not the bench's)
            assertTrue(accepted.get() >= phase.tally.errors().tlsHandshake(),
                    accepted.get() + " accepted, " + phase.tally.errors().tlsHandshake() + " handshake errors");
            // the window of 0.8 s, plus its close: awaited requests are none (none was sent), and the generator's close
            assertTrue(seconds < millis / 1e3 + 2 + 5, "the run ended after " + seconds + " s");
        }
    }
}
