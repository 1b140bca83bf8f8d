package io.jwtbench.service.gateway;

import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Traefik's {@code ForwardAuth} middleware with the dynamic configuration of docs/gateways.md, replayed against the
 * route. Traefik is not packaged here, so this test builds the check as {@code forwardAuth.ServeHTTP} and
 * {@code writeHeader} do ({@code pkg/middlewares/auth/forward.go}): a {@code GET} to {@code address}, its query kept,
 * with the client's headers less the hop-by-hop ones (Go's client writes no {@code Content-Length} and no body for
 * it), {@code X-Forwarded-For} the client's address and {@code X-Forwarded-Method}, {@code -Proto}, {@code -Host},
 * {@code -Uri} from the request (with {@code trustForwardHeader: false}, whatever the client sent); and applies the
 * answer: on a 2xx each {@code authResponseHeaders} header is removed from the request and copied from the answer,
 * any other status reaches the client with the answer's headers.
 */
@QuarkusTest
@TestProfile(ForwardAuthProfile.class)
@QuarkusTestResource(LocalIdp.class)
class TraefikContractTest {
    /** oxy's forward.HopHeaders, which Traefik removes from the check. */
    static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
            "transfer-encoding", "upgrade");

    record Middleware(URI address, boolean trustForwardHeader, List<String> authResponseHeaders) {
    }

    record Outcome(int clientStatus, Map<String, String> clientHeaders, Map<String, String> upstreamHeaders) {
    }

    @SuppressWarnings("unchecked")
    static Middleware middleware(String name) {
        Map<String, Object> http = (Map<String, Object>) new Yaml().<Map<String, Object>>load(GatewayDocs.block("Traefik", "yaml")).get("http");
        Map<String, Object> forward = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) http.get("middlewares")).get(name))
                .get("forwardAuth");
        return new Middleware(URI.create((String) forward.get("address")), (Boolean) forward.get("trustForwardHeader"),
                (List<String>) forward.get("authResponseHeaders"));
    }

    /** One client request through the middleware; the check comes from the trusted proxy's address. */
    static Outcome through(Middleware m, String method, String uri, Map<String, String> clientHeaders) throws IOException {
        assertEquals(Boolean.FALSE, m.trustForwardHeader());
        Map<String, String> check = new LinkedHashMap<>();
        check.put("Host", m.address().getHost() + ":" + m.address().getPort());
        check.put("User-Agent", "Go-http-client/1.1");
        clientHeaders.forEach((k, v) -> {
            String key = k.toLowerCase(Locale.ROOT);
            if (!HOP_BY_HOP.contains(key) && !key.equals("content-length") && !key.equals("host")) {
                check.put(k, v);
            }
        });
        check.put("X-Forwarded-For", "198.51.100.7");
        check.put("X-Forwarded-Method", method);
        check.put("X-Forwarded-Proto", "http");
        check.put("X-Forwarded-Host", clientHeaders.getOrDefault("Host", "shop.example"));
        check.put("X-Forwarded-Uri", uri);
        check.put("Accept-Encoding", "gzip");
        String target = m.address().getRawPath() + (m.address().getRawQuery() == null ? "" : "?" + m.address().getRawQuery());
        RawHttp.Response answer = RawHttp.exchange(ForwardAuthProfile.TRUSTED_PROXY, RestAssured.port, RawHttp.request("GET", target, check),
                null);
        if (answer.status() < 200 || answer.status() >= 300) {
            Map<String, String> toClient = new LinkedHashMap<>();
            answer.headers().forEach((k, v) -> {
                if (!HOP_BY_HOP.contains(k)) {
                    toClient.put(k, v.get(0));
                }
            });
            return new Outcome(answer.status(), toClient, null);
        }
        Map<String, String> upstream = new LinkedHashMap<>();
        clientHeaders.forEach((k, v) -> upstream.put(k.toLowerCase(Locale.ROOT), v));
        for (String name : m.authResponseHeaders()) {
            String key = name.toLowerCase(Locale.ROOT);
            upstream.remove(key);
            if (answer.header(key) != null) {
                upstream.put(key, answer.header(key));
            }
        }
        return new Outcome(answer.status(), Map.of(), upstream);
    }

    static Map<String, String> client(String token, String... more) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "shop.example");
        if (token != null) {
            h.put("Authorization", "Bearer " + token);
        }
        for (int i = 0; i < more.length; i += 2) {
            h.put(more[i], more[i + 1]);
        }
        return h;
    }

    @Test
    void everyMethodIsCheckedAsAGetAndTheUpstreamGetsTheIdentityNotTheClientsHeaders() throws IOException {
        Middleware m = middleware("jwt-auth");
        assertEquals("/jwt/auth", m.address().getPath());
        String token = Tokens.valid("ada");
        try (RouteLog log = new RouteLog()) {
            for (String method : List.of("GET", "DELETE", "POST")) {
                String uri = "/orders/" + UUID.randomUUID() + "?page=2";
                Outcome o = through(m, method, uri, client(token, "X-Auth-Request-User", "admin", "X-Forwarded-Uri", "/admin",
                        "Content-Length", "1048576", "Connection", "keep-alive"));
                assertEquals(200, o.clientStatus(), method);
                assertEquals("ada", o.upstreamHeaders().get("x-auth-request-user"));
                assertEquals("ada@example.test", o.upstreamHeaders().get("x-auth-request-email"));
                assertEquals("/staff,/engineering", o.upstreamHeaders().get("x-auth-request-groups"));
                List<String> lines = log.containing(uri);
                assertEquals(1, lines.size(), lines.toString());
                assertTrue(lines.get(0).contains(method + " shop.example" + uri + " client=198.51.100.7 peer="
                        + ForwardAuthProfile.TRUSTED_PROXY), lines.get(0));
            }
        }
    }

    @Test
    void theMiddlewaresQueryIsItsRequirement() throws IOException {
        Middleware orders = middleware("jwt-auth-orders-write");
        assertEquals("aud=orders-api&scope=orders:write", orders.address().getRawQuery());
        Outcome refused = through(orders, "POST", "/orders/", client(Tokens.valid("ada")));
        assertEquals(403, refused.clientStatus());
        assertEquals("SCOPE_REQUIRED", refused.clientHeaders().get("x-auth-reason"));
        assertTrue(refused.clientHeaders().get("www-authenticate").contains("insufficient_scope"));
        assertNull(refused.upstreamHeaders());
        Map<String, Object> writer = Tokens.claims("ada");
        writer.put("scope", "orders:write");
        assertEquals(200, through(orders, "POST", "/orders/", client(Tokens.sign(writer))).clientStatus());
    }

    @Test
    void refusalsReachTheClientAsTheCheckAnsweredThem() throws IOException {
        Middleware m = middleware("jwt-auth");
        Outcome none = through(m, "GET", "/", client(null));
        assertEquals(401, none.clientStatus());
        assertEquals("Bearer", none.clientHeaders().get("www-authenticate"));
        Outcome bad = through(m, "GET", "/", client(Tokens.badSignature(Tokens.valid("eve"))));
        assertEquals("SIGNATURE_INVALID", bad.clientHeaders().get("x-auth-reason"));
        Map<String, Object> down = Tokens.claims("ada");
        down.put("iss", ForwardAuthProfile.DOWN_ISSUER);
        Outcome unavailable = through(m, "GET", "/", client(Tokens.sign(down, TestKey.rsa("down-3"))));
        assertEquals(503, unavailable.clientStatus());
        assertEquals("1", unavailable.clientHeaders().get("retry-after"));
        Map<String, Object> expired = Tokens.claims("eve");
        expired.put("exp", Instant.now().getEpochSecond() - 5);
        assertEquals(401, through(m, "GET", "/", client(Tokens.sign(expired))).clientStatus());
    }
}
