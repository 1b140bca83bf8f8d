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
 * The production rule for /q/bench: starting, cancelling and reading runs needs a valid token with
 * the bench-operator role, and the bench's own tokens never count as credentials.
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
            return Map.of("quarkus.bench.security.enabled", "true", // as outside dev and test mode
                    // the local IdP's tokens may authenticate callers: for audience jwt-bench, typ
                    // at+jwt, roles from its realm and the jwt-bench client only
                    "jwt.issuers.local.callers.enabled", "true",
                    "jwt.issuers.local.callers.client-id", "jwt-bench",
                    "jwt.issuers.local.callers.audience", "jwt-bench");
        }
    }

    @Inject
    BenchIssuer benchIssuer;

    static final String AT_JWT = "{\"alg\":\"RS256\",\"typ\":\"at+jwt\",\"kid\":\"" + LocalIdp.RSA.kid() + "\"}";

    /** An access token for this service (aud jwt-bench, typ at+jwt) with {@code access} as its resource_access. */
    static String accessToken(String header, String aud, String resourceAccess) {
        String payload = Jws.payload(LocalIdp.ISSUER)
                .replace("\"aud\":[\"orders-api\",\"account\"]", "\"aud\":" + aud)
                .replace("\"resource_access\":{\"orders-api\":{\"roles\":[\"orders-read\"]}}", "\"resource_access\":" + resourceAccess);
        return Jws.sign(header, payload, LocalIdp.RSA);
    }

    static final String BOTH_AUDIENCES = "[\"orders-api\",\"jwt-bench\"]";
    static final String OPERATOR = "{\"jwt-bench\":{\"roles\":[\"bench-operator\"]}}";

    static String operatorToken() {
        return accessToken(AT_JWT, BOTH_AUDIENCES, OPERATOR);
    }

    static String userToken() {
        return accessToken(AT_JWT, BOTH_AUDIENCES, "{\"jwt-bench\":{\"roles\":[\"viewer\"]}}");
    }

    @Test
    void aRoleFromTheTopLevelRolesClaimOrAnotherClientDoesNotGrant() {
        // Jws.payload carries "roles":["bench-operator"] at the top level: not a source of roles any more
        String topLevel = accessToken(AT_JWT, BOTH_AUDIENCES, "{}");
        given().auth().oauth2(topLevel).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(403);
        String otherClient = accessToken(AT_JWT, BOTH_AUDIENCES, "{\"orders-api\":{\"roles\":[\"bench-operator\"]}}");
        given().auth().oauth2(otherClient).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(403);
    }

    @Test
    void aRealmRoleGrants() {
        String realm = Jws.sign(AT_JWT, Jws.payload(LocalIdp.ISSUER)
                .replace("\"aud\":[\"orders-api\",\"account\"]", "\"aud\":" + BOTH_AUDIENCES)
                .replace("\"offline_access\",\"user\"", "\"bench-operator\""), LocalIdp.RSA);
        String location = given().auth().oauth2(realm).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(202).extract().header("Location");
        given().auth().oauth2(realm).when().delete(location).then().statusCode(org.hamcrest.Matchers.oneOf(200, 202));
    }

    @Test
    void aTokenForAnotherAudienceOrOfAnotherTypeIsNoCredential() {
        // valid at /jwt/validate (the issuer's audience is orders-api)...
        String otherAudience = accessToken(AT_JWT, "[\"orders-api\"]", OPERATOR);
        given().auth().oauth2(otherAudience).when().post("/jwt/validate").then().statusCode(200);
        // ...but not a token for this service
        given().auth().oauth2(otherAudience).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401).header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
        String idTokenLike = accessToken(Jws.header(LocalIdp.RSA), BOTH_AUDIENCES, OPERATOR);  // typ JWT
        given().auth().oauth2(idTokenLike).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401);
    }

    @Test
    void anIssuerWithoutCallersEnabledNeverAuthenticates() {
        String fileToken = Jws.sign("{\"alg\":\"EdDSA\",\"typ\":\"at+jwt\",\"kid\":\"" + LocalIdp.FILE_KEY.kid() + "\"}",
                Jws.payload(LocalIdp.FILE_ISSUER).replace("\"aud\":[\"orders-api\",\"account\"]", "\"aud\":" + BOTH_AUDIENCES)
                        .replace("\"resource_access\":{\"orders-api\":{\"roles\":[\"orders-read\"]}}", "\"resource_access\":" + OPERATOR),
                LocalIdp.FILE_KEY);
        given().auth().oauth2(fileToken).when().post("/jwt/validate").then().statusCode(200);
        given().auth().oauth2(fileToken).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401);
    }

    @Test
    void noTokenIs401() {
        given().contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401).header("WWW-Authenticate", "Bearer");
    }

    @Test
    void invalidTokenIs401() {
        given().auth().oauth2(operatorToken() + "x").contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401).header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
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
        // The same token is valid for /jwt/validate, on the bench's own requests only (they carry the per-process secret)...
        given().auth().oauth2(benchToken).when().post("/jwt/validate").then().statusCode(401)
                .body("reason", org.hamcrest.Matchers.equalTo("ISSUER_UNKNOWN"));
        given().auth().oauth2(benchToken).header("X-Jwt-Bench-Secret", "guessed").when().post("/jwt/validate/worker")
                .then().statusCode(401);
        given().auth().oauth2(benchToken).header("X-Jwt-Bench-Secret", benchIssuer.requestSecret())
                .when().post("/jwt/validate").then().statusCode(200);
        // ...but is no credential for the bench.
        given().auth().oauth2(benchToken).contentType("application/json").body(SPEC).when().post("/q/bench/runs")
                .then().statusCode(401);
    }

    @Test
    void operatorStartsReadsAndCancelsAndNobodyElseReads() {
        String location = given().auth().oauth2(operatorToken()).contentType("application/json").body(SPEC)
                .when().post("/q/bench/runs")
                .then().statusCode(202).extract().header("Location");
        given().when().get(location).then().statusCode(401).header("WWW-Authenticate", "Bearer");
        given().when().get("/q/bench/runs").then().statusCode(401);
        given().auth().oauth2(userToken()).when().get(location).then().statusCode(403);
        given().auth().oauth2(userToken()).when().get(location + "/recording.jfr").then().statusCode(403);
        given().auth().oauth2(operatorToken()).when().get(location).then().statusCode(200);
        given().when().delete(location).then().statusCode(401);
        given().auth().oauth2(userToken()).when().delete(location).then().statusCode(403);
        given().auth().oauth2(operatorToken()).when().delete(location).then().statusCode(org.hamcrest.Matchers.oneOf(200, 202));
    }
}
