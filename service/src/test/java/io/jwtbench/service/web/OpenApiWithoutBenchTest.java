package io.jwtbench.service.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * With quarkus.bench.openapi.enabled=false (what prod does on the public port by
 * default) /q/openapi describes /jwt/validate and nothing of the bench.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
@TestProfile(OpenApiWithoutBenchTest.NoBenchDocument.class)
class OpenApiWithoutBenchTest {

    public static class NoBenchDocument implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.bench.openapi.enabled", "false");
        }
    }

    @Test
    void theBenchIsNotDescribed() throws Exception {
        String text = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
        JsonNode doc = new ObjectMapper().readTree(text);
        assertTrue(doc.get("paths").has("/jwt/validate"), text);
        doc.get("paths").fieldNames().forEachRemaining(p -> assertFalse(p.startsWith("/q/bench"), p));
        assertFalse(text.contains("RunSpec"), "no bench schema");
    }
}
