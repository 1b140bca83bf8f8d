package io.jwtbench.service.gateway;

import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Envoy's {@code ext_authz} over HTTP, and Istio's {@code CUSTOM} action (which configures the same filter), with
 * the configurations of docs/gateways.md, replayed against the route. Envoy is not packaged here, so this test
 * builds the check request as Envoy's {@code RawHttpClientImpl::check} does ({@code ext_authz_http_impl.cc}): the
 * client's method, {@code path_prefix} + the original path and query, {@code Content-Length: 0} and no body,
 * {@code Host}, {@code Authorization} and the allowed headers, then {@code headers_to_add}; and it applies the
 * answer as {@code Filter::onComplete} ({@code ext_authz.cc}) does: on a 200 the {@code allowed_upstream_headers}
 * are set on the forwarded request (replacing a client's), then {@code x-envoy-auth-headers-to-remove} removed; a
 * 5xx is an error (403 to the client); another status a denial, passed on with its {@code allowed_client_headers}.
 */
@QuarkusTest
@TestProfile(ForwardAuthProfile.class)
@QuarkusTestResource(LocalIdp.class)
class EnvoyContractTest {

    /** What a configuration makes Envoy do, in Envoy's own terms. */
    record EnvoyCheck(String pathPrefix, List<String> allowedHeaders, Map<String, String> headersToAdd, List<String> upstreamHeaders,
            List<String> clientHeaders) {
        static final List<String> ALWAYS_SENT = List.of("host", "authorization");
        static final List<String> ALWAYS_TO_CLIENT = List.of("www-authenticate", "location");
    }

    /** A client request as Envoy received it. */
    record Client(String method, String pathAndQuery, Map<String, String> headers) {
    }

    /** What the client, and the upstream when it was reached, end up with. */
    record Outcome(int clientStatus, Map<String, String> clientHeaders, Map<String, String> upstreamHeaders) {
    }

    @SuppressWarnings("unchecked")
    static EnvoyCheck envoy() {
        List<Map<String, Object>> filters = (List<Map<String, Object>>) new Yaml().<Map<String, Object>>load(
                GatewayDocs.block("Envoy", "yaml")).get("http_filters");
        Map<String, Object> config = (Map<String, Object>) filters.get(0).get("typed_config");
        Map<String, Object> service = (Map<String, Object>) config.get("http_service");
        Map<String, Object> request = (Map<String, Object>) service.get("authorization_request");
        Map<String, Object> response = (Map<String, Object>) service.get("authorization_response");
        Map<String, String> add = new LinkedHashMap<>();
        for (Map<String, String> h : (List<Map<String, String>>) request.get("headers_to_add")) {
            add.put(h.get("key").toLowerCase(Locale.ROOT), h.get("value"));
        }
        assertEquals(false, config.get("failure_mode_allow"));
        return new EnvoyCheck((String) service.get("path_prefix"), exact(config.get("allowed_headers")), add,
                exact(response.get("allowed_upstream_headers")), exact(response.get("allowed_client_headers")));
    }

    /** Istio's {@code envoyExtAuthzHttp} provider, as the Envoy filter Istio generates from it. */
    @SuppressWarnings("unchecked")
    static EnvoyCheck istio() {
        Map<String, Object> mesh = new Yaml().loadAll(GatewayDocs.block("Istio", "yaml")).iterator().next() instanceof Map<?, ?> m
                ? (Map<String, Object>) m : Map.of();
        Map<String, Object> provider = (Map<String, Object>) ((List<Map<String, Object>>) ((Map<String, Object>) mesh.get("meshConfig"))
                .get("extensionProviders")).get(0).get("envoyExtAuthzHttp");
        Map<String, String> add = new LinkedHashMap<>();
        ((Map<String, String>) provider.get("includeAdditionalHeadersInCheck")).forEach((k, v) -> add.put(k.toLowerCase(Locale.ROOT), v));
        return new EnvoyCheck((String) provider.get("pathPrefix"), lower((List<String>) provider.get("includeRequestHeadersInCheck")), add,
                lower((List<String>) provider.get("headersToUpstreamOnAllow")), lower((List<String>) provider.get("headersToDownstreamOnDeny")));
    }

    @SuppressWarnings("unchecked")
    private static List<String> exact(Object matcher) {
        List<String> names = new ArrayList<>();
        for (Map<String, String> pattern : (List<Map<String, String>>) ((Map<String, Object>) matcher).get("patterns")) {
            names.add(pattern.get("exact").toLowerCase(Locale.ROOT));
        }
        return names;
    }

    private static List<String> lower(List<String> names) {
        return names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
    }

    static EnvoyCheck config(String which) {
        return which.equals("envoy") ? envoy() : istio();
    }

    /** The check as Envoy sends it, from the trusted proxy's address, and the answer applied as Envoy applies it. */
    static Outcome through(EnvoyCheck envoy, Client client) throws IOException {
        StringBuilder head = new StringBuilder(client.method()).append(' ').append(envoy.pathPrefix()).append(client.pathAndQuery())
                .append(" HTTP/1.1\r\nContent-Length: 0\r\n");
        Map<String, String> sent = new LinkedHashMap<>();
        client.headers().forEach((name, value) -> {
            String key = name.toLowerCase(Locale.ROOT);
            if (EnvoyCheck.ALWAYS_SENT.contains(key) || envoy.allowedHeaders().contains(key)) {
                sent.put(key, value);
            }
        });
        sent.putAll(envoy.headersToAdd()); // "client request of the same key will be overridden"
        sent.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        RawHttp.Response check = RawHttp.exchange(ForwardAuthProfile.TRUSTED_PROXY, RestAssured.port, head.append("\r\n").toString(), null);
        if (check.status() / 100 == 5) {
            return new Outcome(403, Map.of(), null); // an error: status_on_error, failure_mode_allow false
        }
        if (check.status() != 200) {
            Map<String, String> toClient = new LinkedHashMap<>();
            check.headers().forEach((k, v) -> {
                if (EnvoyCheck.ALWAYS_TO_CLIENT.contains(k) || envoy.clientHeaders().contains(k)) {
                    toClient.put(k, v.get(0));
                }
            });
            return new Outcome(check.status(), toClient, null);
        }
        Map<String, String> upstream = new LinkedHashMap<>();
        client.headers().forEach((k, v) -> upstream.put(k.toLowerCase(Locale.ROOT), v));
        check.headers().forEach((k, v) -> {
            if (envoy.upstreamHeaders().contains(k)) {
                upstream.put(k, v.get(0)); // setCopy: replaces the client's
            }
        });
        String remove = check.header("x-envoy-auth-headers-to-remove");
        if (remove != null) {
            for (String name : remove.split(",")) {
                upstream.remove(name.trim().toLowerCase(Locale.ROOT));
            }
        }
        return new Outcome(200, Map.of(), upstream);
    }

    static Map<String, String> headers(String token, String... more) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "shop.example");
        if (token != null) {
            h.put("Authorization", "Bearer " + token);
        }
        h.put("X-Forwarded-For", "198.51.100.7");
        for (int i = 0; i < more.length; i += 2) {
            h.put(more[i], more[i + 1]);
        }
        return h;
    }

    @ParameterizedTest
    @ValueSource(strings = { "envoy", "istio" })
    void theClientsMethodAndPathAreCheckedAndTheUpstreamGetsTheIdentityNotTheClientsHeaders(String which) throws IOException {
        EnvoyCheck envoy = config(which);
        assertEquals("/jwt/auth/envoy", envoy.pathPrefix());
        String token = Tokens.valid("ada");
        try (RouteLog log = new RouteLog()) {
            for (String method : List.of("GET", "DELETE", "POST")) {
                String path = "/orders/" + UUID.randomUUID() + "?page=2&sort=desc";
                Outcome o = through(envoy, new Client(method, path, headers(token, "X-Auth-Request-User", "admin", "X-Auth-Request-Groups",
                        "/admins", "Content-Length", "1048576")));
                assertEquals(200, o.clientStatus(), which + " " + method);
                assertEquals("ada", o.upstreamHeaders().get("x-auth-request-user"));
                assertEquals("/staff,/engineering", o.upstreamHeaders().get("x-auth-request-groups"));
                assertEquals("ada@example.test", o.upstreamHeaders().get("x-auth-request-email"));
                List<String> lines = log.containing(path);
                assertEquals(1, lines.size(), "the check logs the original request: " + lines);
                assertTrue(lines.get(0).contains(method + " shop.example" + path + " client=198.51.100.7"), lines.get(0));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "envoy", "istio" })
    void refusalsReachTheClientWithTheirChallengeAndReasonAndAnErrorIsNeverAnAllow(String which) throws IOException {
        EnvoyCheck envoy = config(which);
        Outcome none = through(envoy, new Client("GET", "/orders/1", headers(null)));
        assertEquals(401, none.clientStatus());
        assertEquals("Bearer", none.clientHeaders().get("www-authenticate"));
        assertEquals("NO_TOKEN", none.clientHeaders().get("x-auth-reason"));

        Map<String, Object> expired = Tokens.claims("eve");
        expired.put("exp", Instant.now().getEpochSecond() - 60);
        Outcome old = through(envoy, new Client("PUT", "/orders/1?x=1", headers(Tokens.sign(expired))));
        assertEquals(401, old.clientStatus());
        assertTrue(old.clientHeaders().get("www-authenticate").contains("TOKEN_EXPIRED"));

        // the header Envoy adds is a requirement: the file issuer checks no audience of its own
        Map<String, Object> other = new LinkedHashMap<>(Map.of("iss", LocalIdp.FILE_ISSUER, "sub", "u-1", "aud", "billing-api",
                "exp", Instant.now().getEpochSecond() + 600));
        Outcome wrongAudience = through(envoy, new Client("GET", "/orders/1", headers(Tokens.sign(other, LocalIdp.FILE_KEY))));
        assertEquals(403, wrongAudience.clientStatus());
        assertEquals("AUDIENCE_REQUIRED", wrongAudience.clientHeaders().get("x-auth-reason"));

        Map<String, Object> down = Tokens.claims("ada");
        down.put("iss", ForwardAuthProfile.DOWN_ISSUER);
        Outcome unavailable = through(envoy, new Client("GET", "/orders/1", headers(Tokens.sign(down, TestKey.rsa("down-2")))));
        assertEquals(403, unavailable.clientStatus(), "a 503 is an error for Envoy: status_on_error, never an allow");
        assertFalse(unavailable.clientStatus() == 200);
    }

    @ParameterizedTest
    @ValueSource(strings = { "envoy", "istio" })
    void theClientsQueryIsNeverReadAsRequirements(String which) throws IOException {
        EnvoyCheck envoy = config(which);
        Outcome o = through(envoy, new Client("GET", "/search?scope=admin&role=root&aud=x", headers(Tokens.valid("ada"))));
        assertEquals(200, o.clientStatus(), "scope, role and aud in the client's query are the client's business");
    }
}
