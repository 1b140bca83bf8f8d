package io.jwtbench.service.validation.keys;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.IssuerRegistry;
import io.jwtbench.service.validation.JwsAlgorithm;
import io.jwtbench.service.validation.JwtValidator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.net.http.HttpClient;
import java.security.interfaces.RSAPublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static io.jwtbench.service.validation.keys.TestServer.json;
import static io.jwtbench.service.validation.keys.TestServer.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Strangers do not set the pace of WARN logging. A flood of attack tokens (random
 * kids, kid-less, bad signatures) against a real local JWKS server publishing a Keycloak-like
 * {@code "use":"enc"} key, then the server failing for a while: the skipped key is warned about once,
 * the failures once, and no captured line (DEBUG included) holds a token, a token segment or a modulus.
 */
class LogPolicyTest {
    static final String ISS = "https://idp.test/realms/logs";
    static final TestKey SIGNING = TestKey.rsa("sig-1");
    static final TestKey ENCRYPTION = TestKey.rsa("enc-1").withJwkMembers("\"use\":\"enc\"");
    static final Duration MIN_REFRESH = Duration.ofMillis(100);

    /** Every record of io.jwtbench, formatted. */
    static final class Capture extends Handler {
        final List<LogRecord> records = new CopyOnWriteArrayList<>();

        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        List<String> lines() {
            return records.stream().map(Capture::text).toList();
        }

        long count(Level level, String... fragments) {
            return records.stream().filter(r -> r.getLevel().intValue() == level.intValue())
                    .map(Capture::text).filter(t -> java.util.Arrays.stream(fragments).allMatch(t::contains)).count();
        }

        /** JBoss LogManager records format their printf-style message themselves. */
        static String text(LogRecord r) {
            try {
                Object formatted = r.getClass().getMethod("getFormattedMessage").invoke(r);
                if (formatted != null) {
                    return formatted.toString() + (r.getThrown() == null ? "" : " " + r.getThrown());
                }
            } catch (ReflectiveOperationException notJBoss) {
                // plain java.util.logging
            }
            String message = r.getParameters() == null ? r.getMessage()
                    : String.format(r.getMessage(), r.getParameters());
            return message + (r.getThrown() == null ? "" : " " + r.getThrown());
        }
    }

    final Capture capture = new Capture();
    final Logger root = Logger.getLogger("io.jwtbench");
    Level rootLevel;
    TestServer server;
    ScheduledExecutorService scheduler;
    HttpClient client;
    KeySource source;

    @BeforeEach
    void setUp() throws Exception {
        rootLevel = root.getLevel();
        root.setLevel(Level.ALL);  // DEBUG lines are checked for secrets too
        capture.setLevel(Level.ALL);
        root.addHandler(capture);
        server = new TestServer();
        scheduler = Executors.newScheduledThreadPool(1);
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @AfterEach
    void tearDown() {
        root.removeHandler(capture);
        root.setLevel(rootLevel);
        if (source != null) {
            source.close();
        }
        server.close();
        scheduler.shutdownNow();
        client.shutdownNow();
    }

    @Test
    void attackTokensAndRepeatedRefreshesLogTheSkippedKeyOnceAndNoSecrets() throws Exception {
        server.respond("/certs", json(TestKey.jwks(SIGNING, ENCRYPTION)));
        RemoteSettings settings = new RemoteSettings(Duration.ofMinutes(10), MIN_REFRESH, Duration.ofSeconds(2), 1 << 20,
                RemoteSettings.DEFAULT_UNKNOWN_KID_TTL, RemoteSettings.DEFAULT_MAX_WAITING, true);
        source = KeySources.url(server.uri("/certs"), settings, client, scheduler, Clock.systemUTC());
        source.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!source.status().usable()) {
            assertTrue(System.nanoTime() < deadline, "first load");
            Thread.sleep(5);
        }
        JwtValidator validator = new JwtValidator(new IssuerRegistry(List.of(new Issuer("logs", ISS, source,
                EnumSet.of(JwsAlgorithm.RS256), Set.of(), null, null, List.of(), true))),
                Duration.ofSeconds(30), 8192, Clock.systemUTC(), null);

        List<String> tokens = new ArrayList<>();
        Random random = new Random(11);
        // 1) attack tokens for a while: random kids (each a refresh), kid-less, forged signatures
        flood(validator, tokens, random, 800);
        int fetchesWhileUp = server.count("/certs");
        // 2) the IdP fails for a while: every window another failed fetch
        server.respond("/certs", status(500));
        flood(validator, tokens, random, 800);
        int failedFetches = server.count("/certs") - fetchesWhileUp;

        System.out.printf("%d attack tokens, %d fetches while up, %d failed fetches, %d log records%n",
                tokens.size(), fetchesWhileUp, failedFetches, capture.records.size());
        assertTrue(fetchesWhileUp >= 4, fetchesWhileUp + " fetches: the flood must refresh repeatedly");
        assertTrue(failedFetches >= 3, failedFetches + " failed fetches");
        assertEquals(1, capture.count(Level.WARNING, "skipping key", "enc-1"),
                "the use=enc key is warned about once per process: " + capture.lines());
        assertEquals(1, capture.count(Level.WARNING, "refresh of", "failed"),
                "the failures are warned about once in the minute: " + capture.lines());
        assertTrue(capture.lines().stream().anyMatch(l -> l.contains("failed again")), "the others at DEBUG");

        List<String> secrets = new ArrayList<>();
        for (String token : tokens) {
            secrets.add(token);
            for (String segment : token.split("\\.")) {
                if (segment.length() >= 16) {
                    secrets.add(segment);
                }
            }
        }
        for (TestKey key : List.of(SIGNING, ENCRYPTION)) {
            BigInteger n = ((RSAPublicKey) key.publicKey()).getModulus();
            String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(n.toByteArray());
            secrets.add(b64.substring(4, 40));
            secrets.add(n.toString().substring(0, 40));
            secrets.add(n.toString(16).substring(0, 40));
        }
        for (String line : capture.lines()) {
            for (String secret : secrets) {
                assertFalse(line.contains(secret), "a log line holds token or key material: " + line);
            }
        }
    }

    /** Sends attack tokens (asynchronously, as the HTTP routes do) for {@code millis}, then waits for every answer. */
    static void flood(JwtValidator validator, List<String> tokens, Random random, long millis) throws Exception {
        List<CompletableFuture<?>> answers = new ArrayList<>();
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        int i = 0;
        while (System.nanoTime() < end) {
            String payload = Jws.payload(ISS).replace("user-42", "user-" + random.nextInt());
            String token = switch (i++ % 3) {
                case 0 -> Jws.sign("{\"alg\":\"RS256\",\"kid\":\"" + UUID.randomUUID() + "\"}", payload, SIGNING);
                case 1 -> forged("{\"alg\":\"RS256\"}", payload, random);
                default -> forged(Jws.header(SIGNING), payload, random);
            };
            tokens.add(token);
            answers.add(validator.validateAsync(token).toCompletableFuture().handle((ok, failure) -> null));
            Thread.sleep(5);
        }
        for (CompletableFuture<?> answer : answers) {
            answer.get(10, TimeUnit.SECONDS);
        }
    }

    static String forged(String header, String payload, Random random) {
        byte[] signature = new byte[256];
        random.nextBytes(signature);
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(header.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(signature);
    }
}
