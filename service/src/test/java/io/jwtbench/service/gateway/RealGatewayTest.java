package io.jwtbench.service.gateway;

import io.jwtbench.service.testing.TestKey;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a real gateway in front of an API does with the forward-auth route, with the configuration of
 * docs/gateways.md: the scenarios every gateway must pass. A subclass starts its gateway (once per class) in
 * front of an {@link EchoUpstream}; every request goes to a path of its own, so what reached the upstream is
 * found by path.
 */
abstract class RealGatewayTest {
    /** Started by the first test of the class, stopped after its last. */
    private static GatewayProcess gateway;
    private static EchoUpstream upstream;
    private static Path dir;

    /** Writes the gateway's configuration into {@code dir} and starts it in front of the service and upstream. */
    abstract GatewayProcess start(Path dir, int servicePort, int upstreamPort) throws IOException;

    /** The status a client gets when the check answers {@code checkStatus} (NGINX: 500 for anything but 2xx, 401, 403). */
    abstract int clientStatusFor(int checkStatus);

    @BeforeEach
    void gatewayRunning() throws IOException {
        if (gateway == null) {
            dir = Files.createTempDirectory("gateway-test");
            upstream = new EchoUpstream();
            gateway = start(dir, io.restassured.RestAssured.port, upstream.port());
        }
    }

    @AfterAll
    static void stopGateway() {
        if (gateway != null) {
            gateway.close();
            gateway = null;
        }
        if (upstream != null) {
            upstream.close();
            upstream = null;
        }
    }

    static String newPath(String prefix) {
        return prefix + UUID.randomUUID();
    }

    /** One request through the gateway, from 127.0.0.1. */
    static RawHttp.Response send(String method, String path, String token, Map<String, String> extraHeaders, byte[] body)
            throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        if (token != null) {
            headers.put("Authorization", "Bearer " + token);
        }
        headers.putAll(extraHeaders);
        if (body != null) {
            headers.put("Content-Length", String.valueOf(body.length));
        }
        return RawHttp.exchange("127.0.0.1", gateway.port, RawHttp.request(method, path, headers), body);
    }

    static RawHttp.Response get(String path, String token) throws IOException {
        return send("GET", path, token, Map.of(), null);
    }

    static EchoUpstream.Received reached(String path) {
        return upstream.received(path);
    }

    static String gatewayOutput() {
        return gateway == null ? "" : gateway.output();
    }

    @Test
    void validTokensReachTheUpstreamWithTheirIdentityOnGetAndDelete() throws IOException {
        String token = Tokens.valid("ada");
        for (String method : List.of("GET", "DELETE")) {
            String path = newPath("/api/");
            RawHttp.Response r = send(method, path, token, Map.of(), null);
            assertEquals(200, r.status(), method + ": " + r.text() + gatewayOutput());
            EchoUpstream.Received received = reached(path);
            assertNotNull(received, method + " never reached the upstream");
            assertEquals(method, received.method());
            assertEquals(List.of("ada"), received.all("X-Auth-Request-User"));
            assertEquals(List.of("ada@example.test"), received.all("X-Auth-Request-Email"));
            assertEquals(List.of("/staff,/engineering"), received.all("X-Auth-Request-Groups"));
        }
    }

    @Test
    void missingExpiredBadSignatureAndWrongAudienceTokensNeverReachTheUpstream() throws IOException {
        Map<String, Object> expired = Tokens.claims("eve");
        expired.put("exp", Instant.now().getEpochSecond() - 60);
        Map<String, Object> otherAudience = Tokens.claims("eve");
        otherAudience.put("aud", List.of("billing-api"));
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("missing", null);
        cases.put("TOKEN_EXPIRED", Tokens.sign(expired));
        cases.put("SIGNATURE_INVALID", Tokens.badSignature(Tokens.valid("eve")));
        cases.put("AUDIENCE_MISMATCH", Tokens.sign(otherAudience));
        for (Map.Entry<String, String> c : cases.entrySet()) {
            String path = newPath("/api/");
            RawHttp.Response r = get(path, c.getValue());
            assertEquals(401, r.status(), c.getKey());
            String challenge = r.header("WWW-Authenticate");
            assertNotNull(challenge, c.getKey() + ": the client gets the challenge");
            assertTrue(c.getValue() == null ? challenge.equals("Bearer") : challenge.contains("error_description=\"" + c.getKey() + ": "),
                    c.getKey() + ": " + challenge);
            assertNull(reached(path), c.getKey() + " reached the upstream");
        }
    }

    @Test
    void aScopeMissIsA403AndTheScopeLetsTheSameTokenIn() throws IOException {
        String path = newPath("/orders/");
        RawHttp.Response missing = get(path, Tokens.valid("ada"));
        assertEquals(403, missing.status(), missing.text());
        assertNull(reached(path));
        Map<String, Object> writer = Tokens.claims("ada");
        writer.put("scope", "openid orders:write");
        RawHttp.Response allowed = get(path, Tokens.sign(writer));
        assertEquals(200, allowed.status(), allowed.text());
        assertEquals(List.of("ada"), reached(path).all("X-Auth-Request-User"));
    }

    @Test
    void aOneMegabytePostIsCheckedWithoutHangingAndReachesTheUpstreamWhole() throws IOException {
        String path = newPath("/api/");
        byte[] body = new byte[1024 * 1024];
        long start = System.nanoTime();
        RawHttp.Response r = send("POST", path, Tokens.valid("poster"), Map.of("Content-Type", "application/octet-stream"), body);
        assertEquals(200, r.status(), r.text() + gatewayOutput());
        assertTrue(System.nanoTime() - start < RawHttp.ANSWER_WITHIN.toNanos());
        assertEquals(body.length, reached(path).bodyBytes());
        assertEquals(List.of("poster"), reached(path).all("X-Auth-Request-User"));
    }

    @Test
    void aClientsOwnIdentityHeadersNeverReachTheUpstream() throws IOException {
        Map<String, Object> bare = Tokens.claims("mallory");
        bare.remove("email");
        bare.remove("groups");
        String path = newPath("/api/");
        RawHttp.Response r = send("GET", path, Tokens.sign(bare),
                Map.of("X-Auth-Request-User", "admin", "X-Auth-Request-Email", "admin@example.test", "X-Auth-Request-Groups", "/admins"),
                null);
        assertEquals(200, r.status(), r.text());
        EchoUpstream.Received received = reached(path);
        assertEquals(List.of("mallory"), received.all("X-Auth-Request-User"));
        assertEquals(List.of("-"), received.all("X-Auth-Request-Email"), "absent: the marker, not the client's");
        assertEquals(List.of("-"), received.all("X-Auth-Request-Groups"));
    }

    @Test
    void claimsWithCrLfAndNonAsciiArriveEncoded() throws IOException {
        Map<String, Object> odd = Tokens.claims("José");
        odd.put("email", "a@b.test\r\nX-Injected: 1");
        odd.put("groups", List.of("/ops, night", "/日本"));
        String path = newPath("/api/");
        RawHttp.Response r = get(path, Tokens.sign(odd));
        assertEquals(200, r.status(), r.text());
        EchoUpstream.Received received = reached(path);
        assertEquals(List.of("Jos%C3%A9"), received.all("X-Auth-Request-User"));
        assertEquals(List.of("a@b.test%0D%0AX-Injected:%201"), received.all("X-Auth-Request-Email"));
        assertEquals(List.of("/ops%2C%20night,/%E6%97%A5%E6%9C%AC"), received.all("X-Auth-Request-Groups"));
        assertEquals(List.of(), received.all("X-Injected"));
    }

    @Test
    void eightKilobyteTokensPassSixteenKilobyteOnesAreRefusedAndSixtyGroupsArrive() throws IOException {
        Map<String, Object> big = Tokens.claims("big");
        big.put("pad", "x".repeat(5500)); // about 8.1 K characters once signed and encoded: under the 8K limit
        String eight = Tokens.sign(big);
        assertTrue(eight.length() > 7500 && eight.length() <= 8192, "token of " + eight.length());
        String path = newPath("/api/");
        assertEquals(200, get(path, eight).status(), gatewayOutput());
        assertEquals(List.of("big"), reached(path).all("X-Auth-Request-User"));

        big.put("pad", "x".repeat(12000));
        String sixteen = Tokens.sign(big);
        assertTrue(sixteen.length() > 16000, "token of " + sixteen.length());
        path = newPath("/api/");
        RawHttp.Response refused = get(path, sixteen);
        assertEquals(401, refused.status());
        assertTrue(refused.header("WWW-Authenticate").contains("TOKEN_TOO_LARGE"), refused.header("WWW-Authenticate"));
        assertNull(reached(path));

        Map<String, Object> groups = Tokens.claims("many");
        List<String> sixty = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            sixty.add("/department-" + i);
        }
        groups.put("groups", sixty);
        path = newPath("/api/");
        assertEquals(200, get(path, Tokens.sign(groups)).status(), gatewayOutput());
        assertEquals(List.of(String.join(",", sixty)), reached(path).all("X-Auth-Request-Groups"));
    }

    @Test
    void anIssuerWithoutKeysIsNeverA200() throws IOException {
        TestKey key = TestKey.rsa("down-1");
        Map<String, Object> claims = Tokens.claims("ada");
        claims.put("iss", ForwardAuthProfile.DOWN_ISSUER);
        String path = newPath("/api/");
        RawHttp.Response r = get(path, Tokens.sign(claims, key));
        assertEquals(clientStatusFor(503), r.status(), r.text());
        assertNull(reached(path));
    }
}
