package io.jwtbench.service.security;

import static io.restassured.RestAssured.given;

import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.http.HttpServer;

/**
 * The README invites the management interface: /q/bench then lives on its own port, where no
 * quarkus.http.auth.permission applies. The bench's handlers still demand the bench-operator role
 * (before, POST and DELETE went through there without any token).
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
@TestProfile(BenchSecurityManagementTest.ManagementInterface.class)
class BenchSecurityManagementTest {

    public static class ManagementInterface implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.bench.security.enabled", "true",
                    "quarkus.management.enabled", "true",
                    "quarkus.management.auth.enabled", "true",
                    "quarkus.management.test-port", "0",
                    "jwt.issuers.local.callers.enabled", "true",
                    "jwt.issuers.local.callers.client-id", "jwt-bench",
                    "jwt.issuers.local.callers.audience", "jwt-bench");
        }
    }

    @Inject
    HttpServer server;

    @Test
    void theRoleIsNeededOnTheManagementPort() {
        String base = "http://localhost:" + server.getManagementPort();
        given().contentType("application/json").body(BenchSecurityTest.SPEC).when().post(base + "/q/bench/runs")
                .then().statusCode(401);
        given().when().get(base + "/q/bench/runs").then().statusCode(401);
        given().auth().oauth2(BenchSecurityTest.userToken()).contentType("application/json").body(BenchSecurityTest.SPEC)
                .when().post(base + "/q/bench/runs").then().statusCode(403);
        String location = given().auth().oauth2(BenchSecurityTest.operatorToken()).contentType("application/json")
                .body(BenchSecurityTest.SPEC).when().post(base + "/q/bench/runs")
                .then().statusCode(202).extract().header("Location");
        given().when().delete(base + location).then().statusCode(401);
        given().auth().oauth2(BenchSecurityTest.operatorToken()).when().delete(base + location)
                .then().statusCode(org.hamcrest.Matchers.oneOf(200, 202));
    }
}
