package io.jwtbench.service.gateway;

import io.jwtbench.service.bench.BenchIssuer;
import io.jwtbench.service.bench.KeycloakLikeClaims;
import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.JwsAlgorithm;
import io.jwtbench.service.web.BenchRequestPolicy;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code /jwt/auth} over real HTTP, byte for byte: what each request gets, in status, headers and connection
 * handling, with keys from the local IdP (discovery and a file) and an issuer whose keys cannot be fetched.
 */
@QuarkusTest
@TestProfile(ForwardAuthProfile.class)
@QuarkusTestResource(LocalIdp.class)
class ForwardAuthRouteTest {
    private static final Duration STAYS_OPEN = Duration.ofSeconds(1);

    @Inject
    BenchIssuer benchIssuer;

    static RawHttp.Response call(String method, String target, Map<String, String> headers) throws IOException {
        return call("127.0.0.1", method, target, headers);
    }

    static RawHttp.Response call(String from, String method, String target, Map<String, String> headers) throws IOException {
        return RawHttp.exchange(from, RestAssured.port, RawHttp.request(method, target, headers), null);
    }

    static Map<String, String> bearer(String token) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Authorization", "Bearer " + token);
        return h;
    }

    static void assertRefused(RawHttp.Response r, int status, String reason) {
        assertEquals(status, r.status(), reason + ": " + r.headers());
        assertEquals(reason, r.header("X-Auth-Reason"));
        assertEquals("no-store", r.header("Cache-Control"));
        assertEquals(0, r.body().length, "no body: a gateway may drop it");
        if (r.header("WWW-Authenticate") != null && status != 503 && !reason.equals("NO_TOKEN")) {
            assertTrue(r.header("WWW-Authenticate").contains("error_description=\"" + reason + ": "), r.header("WWW-Authenticate"));
        }
    }

    @Test
    void aValidTokenIs200WithTheIdentityInHeadersNoBodyAndACacheLifetime() throws IOException {
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", RestAssured.port,
                RawHttp.request("GET", "/jwt/auth", bearer(Tokens.valid("ada"))), null, STAYS_OPEN);
        assertEquals(200, r.status());
        assertEquals(0, r.body().length);
        assertEquals("0", r.header("Content-Length"));
        assertEquals("ada", r.header("X-Auth-Request-User"));
        assertEquals("ada@example.test", r.header("X-Auth-Request-Email"));
        assertEquals("/staff,/engineering", r.header("X-Auth-Request-Groups"));
        assertEquals("-", r.header("X-Auth-Request-Roles"), "the file issuer's header, absent from this issuer's mapping");
        assertEquals("private, max-age=60", r.header("Cache-Control"));
        assertEquals("60", r.header("X-Accel-Expires"));
        List<String> order = new ArrayList<>(r.headers().keySet());
        assertTrue(order.indexOf("x-accel-expires") < order.indexOf("cache-control"), "NGINX reads X-Accel-Expires first: " + order);
        assertNull(r.header("X-Auth-Reason"));
        assertNull(r.header("x-envoy-auth-headers-to-remove"), "none configured");
        assertFalse(r.closed(), "no body announced: the connection stays open");
    }

    @Test
    void anyMethodIsChecked() throws IOException {
        String token = Tokens.valid("ada");
        for (String method : List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")) {
            RawHttp.Response r = call(method, "/jwt/auth", bearer(token));
            assertEquals(200, r.status(), method);
            assertEquals("ada", r.header("X-Auth-Request-User"), method);
            assertRefused(call(method, "/jwt/auth", Map.of()), 401, "NO_TOKEN");
        }
    }

    @Test
    void theCacheLifetimeNeverOutlivesTheToken() throws IOException {
        Map<String, Object> claims = Tokens.claims("ada");
        long exp = Instant.now().getEpochSecond() + 20;
        claims.put("exp", exp);
        RawHttp.Response r = call("GET", "/jwt/auth", bearer(Tokens.sign(claims)));
        assertEquals(200, r.status());
        int age = Integer.parseInt(r.header("X-Accel-Expires"));
        assertTrue(age <= 20 && age >= 20 - 10, "max-age " + age + " for a token living 20 s more");
        assertEquals("private, max-age=" + age, r.header("Cache-Control"));
    }

    @Test
    void everyRefusalHasItsStatusReasonAndChallenge() throws IOException {
        RawHttp.Response none = call("GET", "/jwt/auth", Map.of());
        assertRefused(none, 401, "NO_TOKEN");
        assertEquals("Bearer", none.header("WWW-Authenticate"), "RFC 6750 §3.1: no error code without credentials");
        RawHttp.Response basic = call("GET", "/jwt/auth", Map.of("Authorization", "Basic dXNlcjpwYXNz"));
        assertRefused(basic, 401, "NO_TOKEN");
        assertEquals("Bearer", basic.header("WWW-Authenticate"), "RFC 6750 §3.1: nor with another scheme's credentials");

        // the reason codes /jwt/validate gives for the same headers (RequestProblem), with 401 for the gateway
        Map<String, String> reasons = Map.of("Bearera.b.c", "MALFORMED_AUTHORIZATION", "Bearer", "EMPTY_TOKEN",
                "Bearer a b", "TOKEN_CHARACTERS");
        for (Map.Entry<String, String> header : reasons.entrySet()) {
            RawHttp.Response r = call("GET", "/jwt/auth", Map.of("Authorization", header.getKey()));
            assertRefused(r, 401, header.getValue());
            assertTrue(r.header("WWW-Authenticate").startsWith("Bearer error=\"invalid_request\""), header.getKey());
        }
        RawHttp.Response two = RawHttp.exchange("127.0.0.1", RestAssured.port, "GET /jwt/auth HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                + Tokens.valid("a") + "\r\nAuthorization: Bearer " + Tokens.valid("b") + "\r\n\r\n", null);
        assertRefused(two, 401, "MULTIPLE_AUTHORIZATION");

        Map<String, Object> expired = Tokens.claims("eve");
        expired.put("exp", Instant.now().getEpochSecond() - 60);
        RawHttp.Response old = call("GET", "/jwt/auth", bearer(Tokens.sign(expired)));
        assertRefused(old, 401, "TOKEN_EXPIRED");
        assertTrue(old.header("WWW-Authenticate").startsWith("Bearer error=\"invalid_token\", error_description=\"TOKEN_EXPIRED: token expired at"));
        assertRefused(call("GET", "/jwt/auth", bearer(Tokens.badSignature(Tokens.valid("eve")))), 401, "SIGNATURE_INVALID");
        assertRefused(call("GET", "/jwt/auth", bearer("a.b.c")), 401, "MALFORMED");
        assertRefused(call("GET", "/jwt/auth", bearer("x".repeat(16 * 1024))), 401, "TOKEN_TOO_LARGE");
    }

    @Test
    void aTokenWithWhitespaceOrControlCharactersIsNeverA200() throws IOException {
        String token = Tokens.valid("ada");
        int mid = token.length() / 2;
        RawHttp.Response tab = call("GET", "/jwt/auth", Map.of("Authorization", "Bearer " + token.substring(0, mid) + "\t" + token.substring(mid)));
        assertEquals(401, tab.status());
        assertEquals("TOKEN_CHARACTERS", tab.header("X-Auth-Reason"));
        // not valid HTTP: the server's HTTP decoder cannot read it, and the route refuses it as a gateway needs (never a 400)
        RawHttp.Response control = call("GET", "/jwt/auth", Map.of("Authorization", "Bearer " + token.substring(0, mid) + "\u0001"
                + token.substring(mid)));
        assertRefused(control, 401, "MALFORMED_HEADERS");
    }

    @Test
    void requirementsInTheQueryAndInTheHeaderAreAllChecked() throws IOException {
        Map<String, Object> claims = Tokens.claims("ada");
        claims.put("scope", "openid orders:read orders:write");
        claims.put("realm_access", Map.of("roles", List.of("user", "admin")));
        String token = Tokens.sign(claims);
        for (String query : List.of("aud=orders-api", "scope=orders:read%20orders:write", "scope=orders:read&scope=openid", "role=admin",
                "group=/staff", "issuer=local", "issuer=" + LocalIdp.ISSUER, "aud=orders-api&scope=orders:write&role=admin&group=/engineering",
                "issuer=file&issuer=local")) {
            assertEquals(200, call("GET", "/jwt/auth?" + query, bearer(token)).status(), query);
        }
        Map<String, String> misses = new LinkedHashMap<>();
        misses.put("aud=billing-api", "AUDIENCE_REQUIRED");
        misses.put("scope=orders:read+orders:delete", "SCOPE_REQUIRED");
        misses.put("role=superuser", "ROLE_REQUIRED");
        misses.put("group=/admins", "GROUP_REQUIRED");
        misses.put("issuer=file", "ISSUER_REQUIRED");
        for (Map.Entry<String, String> miss : misses.entrySet()) {
            RawHttp.Response r = call("GET", "/jwt/auth?" + miss.getKey(), bearer(token));
            assertRefused(r, 403, miss.getValue());
            assertTrue(r.header("WWW-Authenticate").startsWith("Bearer error=\"insufficient_scope\""), r.header("WWW-Authenticate"));
        }
        assertTrue(call("GET", "/jwt/auth?scope=orders:read+orders:delete", bearer(token)).header("WWW-Authenticate")
                .endsWith("scope=\"orders:read orders:delete\""));
        Map<String, String> withHeader = bearer(token);
        withHeader.put("X-Auth-Require", "role=superuser");
        assertRefused(call("GET", "/jwt/auth?aud=orders-api", withHeader), 403, "ROLE_REQUIRED");
        withHeader.put("X-Auth-Require", "role=admin");
        assertEquals(200, call("GET", "/jwt/auth?aud=orders-api", withHeader).status());
    }

    @Test
    void anUnknownRequirementRefusesEveryRequestWhateverTheToken() throws IOException {
        for (String query : List.of("scopes=read", "scope=", "scope", "page=2&aud=orders-api")) {
            RawHttp.Response withToken = call("GET", "/jwt/auth?" + query, bearer(Tokens.valid("ada")));
            assertRefused(withToken, 403, "UNKNOWN_REQUIREMENT");
            assertTrue(withToken.header("WWW-Authenticate").startsWith("Bearer error=\"invalid_request\""));
            assertRefused(call("GET", "/jwt/auth?" + query, Map.of()), 403, "UNKNOWN_REQUIREMENT");
        }
        for (String required : List.of("roles=admin", "aud=%zz")) {
            Map<String, String> header = bearer(Tokens.valid("ada"));
            header.put("X-Auth-Require", required);
            assertRefused(call("GET", "/jwt/auth", header), 403, "UNKNOWN_REQUIREMENT");
        }
        // a query that is not URL encoding at all is not HTTP the server takes: refused before any route
        assertEquals(400, call("GET", "/jwt/auth?aud=%zz", bearer(Tokens.valid("ada"))).status());
    }

    @Test
    void envoysShapeKeepsTheMethodAppendsThePathAndLeavesTheClientsQueryAlone() throws IOException {
        String token = Tokens.valid("ada");
        RawHttp.Response r = call("DELETE", "/jwt/auth/envoy/orders/1?page=2&sort=desc", bearer(token));
        assertEquals(200, r.status());
        assertEquals("ada", r.header("X-Auth-Request-User"));
        assertEquals(200, call("POST", "/jwt/auth/envoy", bearer(token)).status());
        Map<String, String> required = bearer(token);
        required.put("X-Auth-Require", "scope=orders:write");
        assertRefused(call("GET", "/jwt/auth/envoy/orders/1?scope=openid", required), 403, "SCOPE_REQUIRED");
        // anywhere else under the route the query is the route's requirements
        assertRefused(call("GET", "/jwt/auth/orders/1?page=2", bearer(token)), 403, "UNKNOWN_REQUIREMENT");
        assertEquals(200, call("GET", "/jwt/auth/orders/1?scope=openid", bearer(token)).status());
        assertRefused(call("GET", "/jwt/auth/envoyx?page=2", bearer(token)), 403, "UNKNOWN_REQUIREMENT");
    }

    @Test
    void aBodyIsNeverReadTheAnswerComesAndTheConnectionCloses() throws IOException {
        String token = Tokens.valid("ada");
        for (String announce : List.of("Content-Length: 1048576", "Content-Length: 104857600", "Transfer-Encoding: chunked")) {
            long start = System.nanoTime();
            RawHttp.Response r = RawHttp.exchange("127.0.0.1", RestAssured.port, "POST /jwt/auth HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                    + token + "\r\n" + announce + "\r\n\r\n", null, RawHttp.ANSWER_WITHIN);
            assertEquals(200, r.status(), announce + " (above Quarkus' 10M upload limit too: no 413)");
            assertEquals("ada", r.header("X-Auth-Request-User"));
            assertEquals("close", r.header("Connection"), announce);
            assertTrue(r.closed(), announce + ": the connection is closed, the body never read");
            assertTrue(System.nanoTime() - start < RawHttp.ANSWER_WITHIN.toNanos(), announce);
        }
        RawHttp.Response refused = RawHttp.exchange("127.0.0.1", RestAssured.port,
                "PUT /jwt/auth HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", null, RawHttp.ANSWER_WITHIN);
        assertRefused(refused, 401, "NO_TOKEN");
        assertTrue(refused.closed());
    }

    @Test
    void headersOf16KilobytesAreJudgedAndLargerOnesRefusedWith401() throws IOException {
        Map<String, String> h = bearer(Tokens.valid("ada"));
        h.put("X-Filler", "f".repeat(16 * 1024));
        assertEquals(200, call("GET", "/jwt/auth", h).status());
        h.put("X-Filler", "f".repeat(64 * 1024));
        RawHttp.Response r = RawHttp.exchange("127.0.0.1", RestAssured.port, RawHttp.request("GET", "/jwt/auth", h), null,
                RawHttp.ANSWER_WITHIN);
        // over quarkus.http.limits.max-header-size (20K): the HTTP layer cannot read it, the route still answers in its own words
        assertRefused(r, 401, "HEADERS_TOO_LARGE");
        assertTrue(r.closed());
    }

    @Test
    void anIssuerMappingOfItsOwnReplacesThePresetAndValuesAreEncoded() throws IOException {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", LocalIdp.FILE_ISSUER);
        claims.put("sub", "u-1");
        claims.put("exp", Instant.now().getEpochSecond() + 600);
        claims.put("preferred_username", "zoë");
        claims.put("email", "z@example.test");
        claims.put("realm_access", Map.of("roles", List.of("user", "admin")));
        RawHttp.Response r = call("GET", "/jwt/auth", bearer(Tokens.sign(claims, LocalIdp.FILE_KEY)));
        assertEquals(200, r.status(), r.headers().toString());
        assertEquals("zo%C3%AB", r.header("X-Auth-Request-User"));
        assertEquals("user,admin", r.header("X-Auth-Request-Roles"));
        assertEquals("-", r.header("X-Auth-Request-Email"), "not in this issuer's mapping: the marker");
        assertEquals("-", r.header("X-Auth-Request-Groups"));

        Map<String, Object> dash = Tokens.claims("-");
        assertEquals("%2D", call("GET", "/jwt/auth", bearer(Tokens.sign(dash))).header("X-Auth-Request-User"), "never the marker");
    }

    @Test
    void anIdentityAboveTheCapIsRefusedNotCut() throws IOException {
        Map<String, Object> claims = Tokens.claims("ada");
        List<String> groups = new ArrayList<>();
        for (int i = 0; groups.size() * 20 <= ForwardAuthProfile.MAX_HEADER_BYTES; i++) {
            groups.add("/group-with-a-name-" + i);
        }
        claims.put("groups", groups);
        RawHttp.Response r = call("GET", "/jwt/auth", bearer(Tokens.sign(claims)));
        assertRefused(r, 403, "IDENTITY_TOO_LARGE");
        assertTrue(r.header("WWW-Authenticate").contains("X-Auth-Request-Groups (claim groups)"), r.header("WWW-Authenticate"));
        assertTrue(r.header("WWW-Authenticate").contains("the limit is " + ForwardAuthProfile.MAX_HEADER_BYTES));
    }

    @Test
    void keysThatCannotBeFetchedAre503WithRetryAfterAndAnUnknownKidOfAHealthyIssuer401() throws IOException {
        Map<String, Object> claims = Tokens.claims("ada");
        claims.put("iss", ForwardAuthProfile.DOWN_ISSUER);
        RawHttp.Response r = call("GET", "/jwt/auth", bearer(Tokens.sign(claims, TestKey.rsa("down-1"))));
        assertRefused(r, 503, "KEYS_UNAVAILABLE");
        assertEquals("1", r.header("Retry-After"), "min-refresh-interval 200ms, rounded up");
        assertNull(r.header("WWW-Authenticate"));

        RawHttp.Response unknown = call("GET", "/jwt/auth", bearer(Tokens.sign(Tokens.claims("ada"), TestKey.rsa("not-at-the-idp"))));
        assertRefused(unknown, 401, "UNKNOWN_KEY");
    }

    @Test
    void theBenchsTokensAreValidOnlyWithTheBenchsSecret() throws IOException {
        long now = Instant.now().getEpochSecond();
        String token = benchIssuer.sign(JwsAlgorithm.RS256, KeycloakLikeClaims.create(BenchIssuer.ISS, 1, now, now + 600));
        assertRefused(call("GET", "/jwt/auth", bearer(token)), 401, "ISSUER_UNKNOWN");
        Map<String, String> bench = bearer(token);
        bench.put(BenchRequestPolicy.SECRET_HEADER, benchIssuer.requestSecret());
        RawHttp.Response r = call("GET", "/jwt/auth", bench);
        assertEquals(200, r.status());
        assertTrue(r.header("X-Auth-Request-User").matches("[0-9a-f-]{36}"), r.header("X-Auth-Request-User"));
    }

    @Test
    void forwardingHeadersAreReadFromTrustedProxiesOnly() throws IOException {
        try (RouteLog log = new RouteLog()) {
            String trusted = "/via-proxy-" + UUID.randomUUID();
            String spoofed = "/spoofed-" + UUID.randomUUID();
            Map<String, String> h = bearer(Tokens.valid("ada"));
            h.put("X-Forwarded-Method", "PATCH");
            h.put("X-Forwarded-Host", "shop.example");
            h.put("X-Forwarded-For", "203.0.113.7");
            h.put("X-Forwarded-Uri", trusted);
            assertEquals(200, call(ForwardAuthProfile.TRUSTED_PROXY, "GET", "/jwt/auth", h).status());
            List<String> lines = log.containing(trusted);
            assertEquals(1, lines.size(), lines.toString());
            assertTrue(lines.get(0).contains("PATCH shop.example" + trusted + " client=203.0.113.7 peer=" + ForwardAuthProfile.TRUSTED_PROXY
                    + " (trusted proxy)"), lines.get(0));

            h.put("X-Forwarded-Uri", spoofed);
            assertEquals(200, call("127.0.0.1", "GET", "/jwt/auth", h).status());
            assertEquals(List.of(), log.containing(spoofed));
            assertEquals(List.of(), log.containing("203.0.113.7").stream().filter(l -> l.contains("peer=127.0.0.1")).toList());
        }
    }

    @Test
    void theModelRoutesAnswerAlike() throws IOException {
        String token = Tokens.valid("ada");
        for (String notTheRoute : List.of("/jwt/authorize", "/jwt/auth-on/fibers", "/jwt/auth-onx")) {
            assertEquals(404, call("GET", notTheRoute, bearer(token)).status(), notTheRoute);
        }
        for (String model : List.of("event-loop", "worker", "virtual")) {
            String root = "/jwt/auth-on/" + model;
            RawHttp.Response r = call("GET", root + "?scope=openid", bearer(token));
            assertEquals(200, r.status(), model);
            assertEquals("ada", r.header("X-Auth-Request-User"), model);
            assertEquals(200, call("PUT", root + "/envoy/orders/1?page=1", bearer(token)).status(), model);
            assertRefused(call("GET", root, Map.of()), 401, "NO_TOKEN");
            assertRefused(call("GET", root + "?scope=orders:delete", bearer(token)), 403, "SCOPE_REQUIRED");
        }
    }

    @Test
    void everyAnswerCountsByStatusAndReason() throws IOException {
        double before = counter("jwt_forward_auth_total", "reason=\"NO_TOKEN\"", "status=\"401\"");
        double allowedBefore = counter("jwt_forward_auth_total", "reason=\"none\"", "status=\"200\"");
        double validBefore = counter("jwt_validations_total", "issuer=\"local\"", "result=\"valid\"");
        call("GET", "/jwt/auth", Map.of());
        call("GET", "/jwt/auth", Map.of());
        call("GET", "/jwt/auth", bearer(Tokens.valid("ada")));
        assertEquals(before + 2, counter("jwt_forward_auth_total", "reason=\"NO_TOKEN\"", "status=\"401\""));
        assertEquals(allowedBefore + 1, counter("jwt_forward_auth_total", "reason=\"none\"", "status=\"200\""));
        assertEquals(validBefore + 1, counter("jwt_validations_total", "issuer=\"local\"", "result=\"valid\""),
                "the token outcome counts where /jwt/validate's do");
    }

    @Test
    void theHttpMetricsNameTheRouteNeverTheClientsPath() throws IOException {
        String token = Tokens.valid("ada");
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String id = UUID.randomUUID().toString();
            paths.add(id);
            assertEquals(200, call("GET", "/jwt/auth/envoy/orders/" + id, bearer(token)).status());
            assertEquals(200, call("GET", "/jwt/auth/orders/" + id, bearer(token)).status());
            assertEquals(200, call("GET", "/jwt/auth-on/worker/envoy/" + id, bearer(token)).status());
        }
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String id : paths) {
            assertFalse(metrics.contains(id), "a client's path became a metric tag");
        }
        for (String template : List.of("/jwt/auth/envoy/{path}", "/jwt/auth/{path}", "/jwt/auth-on/worker/envoy/{path}")) {
            assertTrue(metrics.contains("uri=\"" + template + "\""), template);
        }
    }

    /** The sum of the series of {@code metric} that carry every one of {@code labels}. */
    private static double counter(String metric, String... labels) {
        double sum = 0;
        for (String line : given().get("/q/metrics").then().statusCode(200).extract().asString().split("\n")) {
            if (line.startsWith(metric + "{") && java.util.Arrays.stream(labels).allMatch(line::contains)) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1).trim());
            }
        }
        return sum;
    }
}
