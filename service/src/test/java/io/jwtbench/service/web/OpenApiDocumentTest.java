package io.jwtbench.service.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;

/**
 * {@code /q/openapi} describes {@code /jwt/validate} (200 with the claims, 401 with the RFC 6750 error
 * body and challenge) and every bench route the application really registered: the list comes from
 * the Vert.x router, so a route added without documentation fails here.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class OpenApiDocumentTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    RegisteredRoutes routes;

    private static JsonNode document() throws Exception {
        return JSON.readTree(given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString());
    }

    @Test
    void everyRegisteredBenchRouteIsDocumentedAndNothingElse() throws Exception {
        JsonNode paths = document().get("paths");
        List<String> bench = routes.paths().stream().filter(p -> p.startsWith("/q/bench")).toList();
        assertTrue(bench.size() >= 20, "the bench routes, as registered: " + bench);
        for (String route : bench) {
            String documented = route.replaceAll(":([A-Za-z]+)", "{$1}");
            assertTrue(paths.has(documented), documented + " is registered but not in /q/openapi");
        }
        paths.fieldNames().forEachRemaining(documented -> assertTrue(!documented.startsWith("/q/bench")
                || bench.contains(documented.replaceAll("\\{([A-Za-z]+)}", ":$1")), documented + " is documented but not registered"));
        JsonNode start = paths.get("/q/bench/runs").get("post");
        assertEquals("#/components/schemas/RunSpec",
                start.get("requestBody").get("content").get("application/json").get("schema").get("$ref").asText());
        assertEquals("#/components/schemas/SpecError",
                start.get("responses").get("400").get("content").get("application/json").get("schema").get("$ref").asText());
        assertEquals("#/components/schemas/RunReport", paths.get("/q/bench/runs/{id}").get("get").get("responses")
                .get("200").get("content").get("application/json").get("schema").get("$ref").asText());
    }

    @Test
    void theSchemasDescribeTheSpecTheReportAndTheErrors() throws Exception {
        JsonNode schemas = document().get("components").get("schemas");
        for (String field : List.of("target", "connections", "rate", "rampTo", "duration", "warmup", "thresholds")) {
            assertTrue(schemas.get("RunSpec").get("properties").has(field), "RunSpec." + field);
        }
        for (String field : List.of("id", "status", "loadModel", "measured", "latency", "errors", "verdict")) {
            assertTrue(schemas.get("RunReport").get("properties").has(field), "RunReport." + field);
        }
        for (String field : List.of("error", "field", "reason")) {
            assertTrue(schemas.get("SpecError").get("properties").has(field), "SpecError." + field);
        }
    }

    @Test
    void theForwardAuthRouteIsDescribedOnEveryMethodWithItsHeadersAndRequirements() throws Exception {
        JsonNode paths = document().get("paths");
        List<String> registered = routes.paths();
        for (String path : List.of("/jwt/auth", "/jwt/auth/{path}", "/jwt/auth/envoy/{path}", "/jwt/auth-on/{model}")) {
            assertTrue(paths.has(path), path + " is not in /q/openapi");
            for (String method : List.of("get", "head", "post", "put", "patch", "delete", "options")) {
                JsonNode responses = paths.get(path).get(method).get("responses");
                for (String status : List.of("200", "401", "403", "503")) {
                    assertTrue(responses.has(status), path + " " + method + " " + status);
                }
                assertTrue(responses.get("200").get("headers").has("X-Auth-Request-User"));
                assertTrue(responses.get("401").get("headers").has("X-Auth-Reason"));
                assertTrue(responses.get("503").get("headers").has("Retry-After"));
                assertFalse(responses.has("400"), "the route never answers 400");
            }
        }
        List<String> requirements = new java.util.ArrayList<>();
        paths.get("/jwt/auth").get("get").get("parameters").forEach(p -> requirements.add(p.get("name").asText()));
        assertTrue(requirements.containsAll(List.of("aud", "scope", "role", "group", "issuer", "X-Auth-Require", "Authorization")),
                requirements.toString());
        paths.get("/jwt/auth/envoy/{path}").get("get").get("parameters")
                .forEach(p -> assertFalse(p.get("in").asText().equals("query"), "the client's query is no requirement under envoy"));
        for (String route : List.of("/jwt/auth", "/jwt/auth/", "/jwt/auth-on/event-loop", "/jwt/auth-on/worker/", "/jwt/auth-on/virtual")) {
            assertTrue(registered.contains(route), route + " is documented but not registered: " + registered);
        }
    }

    @Test
    void validateShowsItsClaimsAndItsRfc6750Refusals() throws Exception {
        JsonNode doc = document();
        JsonNode post = doc.get("paths").get("/jwt/validate").get("post");
        JsonNode ok = post.get("responses").get("200");
        assertEquals("#/components/schemas/ValidToken", ok.get("content").get("application/json").get("schema").get("$ref").asText());
        JsonNode refused = post.get("responses").get("401");
        assertTrue(refused.get("headers").has("WWW-Authenticate"), refused.toString());
        assertEquals("#/components/schemas/TokenError",
                refused.get("content").get("application/json").get("schema").get("$ref").asText());
        JsonNode error = doc.get("components").get("schemas").get("TokenError").get("properties");
        for (String field : List.of("valid", "error", "reason", "message")) {
            assertTrue(error.has(field), "TokenError." + field);
        }
        assertTrue(doc.get("components").get("schemas").get("ValidToken").get("properties").has("subject"));
        // the execution-model routes answer alike
        assertTrue(doc.get("paths").get("/jwt/validate/virtual").get("post").get("responses").has("401"));
        assertFalse(post.get("responses").has("500"));
    }
}
