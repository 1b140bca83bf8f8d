package io.jwtbench.service.security;

import io.jwtbench.service.bench.BenchIssuer;
import io.jwtbench.service.bench.KeycloakLikeClaims;
import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.validation.JwsAlgorithm;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static io.restassured.RestAssured.given;

/**
 * The production rule for /q/bench: starting or cancelling a run needs a valid token with the
 * bench-operator role, and the bench's own tokens never count as credentials.
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
@TestProfile(BenchSecurityTest.ProductionRules.class)
class BenchSecurityTest {
    static final String SPEC = "{\"target\":\"health\",\"connections\":1,\"duration\":\"30s\"}";

    /** What ships outside dev and test. */
    public static class ProductionRules implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.auth.permission.bench-control.policy", "bench-operator");
        }
    }

    @Inject
    BenchIssuer benchIssuer;

    static String operatorToken() {
        return Jws.sign(Jws.header(LocalIdp.RSA), Jws.payload(LocalIdp.ISSUER), LocalIdp.RSA);  // roles: bench-operator
    }

    static String userToken() {
        return Jws.sign(Jws.header(LocalIdp.RSA), Jws.payload(LocalIdp.ISSUER).replace("\"bench-operator\"", "\"viewer\""), LocalIdp.RSA);
    }

    @Test
    void noTokenIs401() {
        given().contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401).header("WWW-Authenticate", "Bearer");
    }

    @Test
    void invalidTokenIs401() {
        given().auth().oauth2(operatorToken() + "x").contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401);
    }

    @Test
    void tokenWithoutTheRoleIs403() {
        given().auth().oauth2(userToken()).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(403);
    }

    @Test
    void benchIssuerTokenNeverAuthenticatesEvenWithTheRole() {
        Map<String, Object> claims = new java.util.LinkedHashMap<>(KeycloakLikeClaims.create(BenchIssuer.ISS, 1,
                Instant.now().getEpochSecond(), Instant.now().getEpochSecond() + 600));
        claims.put("roles", java.util.List.of("bench-operator"));
        String benchToken = benchIssuer.sign(JwsAlgorithm.RS256, claims);
        // The same token is valid for /jwt/validate...
        given().auth().oauth2(benchToken).when().post("/jwt/validate").then().statusCode(200);
        // ...but is no credential for the bench.
        given().auth().oauth2(benchToken).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401);
    }

    @Test
    void operatorStartsAndCancelsAndAnyoneReads() {
        String location = given().auth().oauth2(operatorToken()).contentType("application/json").body(SPEC)
                .when().post("/q/bench/runs")
                .then().statusCode(202).extract().header("Location");
        given().when().get(location).then().statusCode(200);
        given().when().delete(location).then().statusCode(401);
        given().auth().oauth2(userToken()).when().delete(location).then().statusCode(403);
        given().auth().oauth2(operatorToken()).when().delete(location).then().statusCode(org.hamcrest.Matchers.oneOf(200, 202));
    }
}
