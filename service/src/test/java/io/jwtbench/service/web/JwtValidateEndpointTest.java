package io.jwtbench.service.web;

import io.jsonwebtoken.Jwts;
import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** /jwt/validate over real HTTP, with keys from a real local IdP (discovery + JWKS) and a file. */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
class JwtValidateEndpointTest {

    static String jjwtToken(TestKey key, String iss) {
        Instant now = Instant.now();
        return Jwts.builder().header().keyId(key.kid()).and()
                .issuer(iss).subject("user-7").audience().add("orders-api").and()
                .issuedAt(Date.from(now)).expiration(Date.from(now.plusSeconds(300)))
                .claim("realm_access", Map.of("roles", List.of("user")))
                .claim("scope", "openid orders:read")
                .signWith(key.privateKey())
                .compact();
    }

    @Test
    void validTokenMintedByJjwtGetsItsClaims() {
        given().header("Authorization", "Bearer " + jjwtToken(LocalIdp.RSA, LocalIdp.ISSUER))
                .when().post("/jwt/validate")
                .then().statusCode(200)
                .header("Cache-Control", "no-store")
                .contentType("application/json")
                .body("valid", is(true))
                .body("issuer", equalTo(LocalIdp.ISSUER))
                .body("subject", equalTo("user-7"))
                .body("audience", hasItems("orders-api"))
                .body("roles", hasItems("user"))
                .body("scopes", hasItems("openid", "orders:read"))
                .body("claims.sub", equalTo("user-7"));
    }

    @Test
    void aCacheHitAnswersTheSameBytesAndHeadersAsTheFirstValidation() {
        String token = jjwtToken(LocalIdp.RSA, LocalIdp.ISSUER);
        io.restassured.response.Response first = given().header("Authorization", "Bearer " + token).post("/jwt/validate");
        io.restassured.response.Response hit = given().header("Authorization", "Bearer " + token).post("/jwt/validate");
        assertEquals(200, first.statusCode());
        assertEquals(200, hit.statusCode());
        assertTrue(first.asString().startsWith("{\"valid\":true,"), first.asString());
        assertEquals(first.asString(), hit.asString());
        for (String header : List.of("Content-Type", "Content-Length", "Cache-Control", "Pragma")) {
            assertEquals(first.header(header), hit.header(header), header);
        }
    }

    @Test
    void validTokensMintedWithPlainJcaFromBothKeySourcesAndByGet() {
        given().header("Authorization", "Bearer " + Jws.sign(Jws.header(LocalIdp.EC), Jws.payload(LocalIdp.ISSUER), LocalIdp.EC))
                .when().get("/jwt/validate")
                .then().statusCode(200).body("valid", is(true)).body("roles", hasItems("user", "orders-read", "bench-operator"))
                .body("groups", hasItems("/staff"));
        given().header("Authorization", "Bearer " + Jws.sign(Jws.header(LocalIdp.FILE_KEY), Jws.payload(LocalIdp.FILE_ISSUER), LocalIdp.FILE_KEY))
                .when().post("/jwt/validate")
                .then().statusCode(200).body("issuer", equalTo(LocalIdp.FILE_ISSUER));
    }

    @Test
    void invalidTokenGets401WithAnRfc6750ChallengeAndAStableReason() {
        long past = Instant.now().getEpochSecond() - 3600;
        String expired = Jws.sign(Jws.header(LocalIdp.RSA),
                "{\"iss\":\"" + LocalIdp.ISSUER + "\",\"aud\":\"orders-api\",\"exp\":" + past + "}", LocalIdp.RSA);
        given().header("Authorization", "Bearer " + expired)
                .when().post("/jwt/validate")
                .then().statusCode(401)
                .header("WWW-Authenticate", containsString("Bearer error=\"invalid_token\", error_description=\"token expired at"))
                .header("Cache-Control", "no-store")
                .body("valid", is(false))
                .body("error", equalTo("invalid_token"))
                .body("reason", equalTo("TOKEN_EXPIRED"))
                .body("message", containsString("expired"));
    }

    @Test
    void noTokenGetsABareChallenge() {
        given().when().post("/jwt/validate")
                .then().statusCode(401)
                .header("WWW-Authenticate", equalTo("Bearer"))
                .body("valid", is(false)).body("message", equalTo("no bearer token"))
                .body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("reason")))
                .body("$", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("error")));
    }

    @Test
    void malformedAuthorizationHeaderIsAnInvalidRequest() {
        for (String header : List.of("Bearer", "Bearer ", "Bearer a b", "Bearera.b.c")) {
            given().header("Authorization", header)
                    .when().post("/jwt/validate")
                    .then().statusCode(400)
                    .header("WWW-Authenticate", containsString("error=\"invalid_request\""))
                    .body("error", equalTo("invalid_request"));
        }
    }

    @Test
    void rotatedKeyIsFetchedOnFirstSightWithoutA401() {
        TestKey rotated = TestKey.rsa("local-rsa-2");
        LocalIdp.JWKS.set(TestKey.jwks(LocalIdp.RSA, LocalIdp.EC, rotated));
        try {
            int before = LocalIdp.JWKS_FETCHES.get();
            given().header("Authorization", "Bearer " + jjwtToken(rotated, LocalIdp.ISSUER))
                    .when().post("/jwt/validate")
                    .then().statusCode(200).body("valid", is(true));
            assertTrue(LocalIdp.JWKS_FETCHES.get() > before, "the unknown kid made the service fetch the JWKS again");
        } finally {
            LocalIdp.JWKS.set(TestKey.jwks(LocalIdp.RSA, LocalIdp.EC));
        }
    }

    @Test
    void healthReportsEveryIssuer() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.local", matchesPattern("UP, [23] keys, loaded [^ ]+"))
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.file", matchesPattern("UP, 1 keys, loaded [^ ]+"));
    }

    @Test
    void metricsCountOutcomesByIssuerAndReason() {
        given().header("Authorization", "Bearer " + jjwtToken(LocalIdp.RSA, LocalIdp.ISSUER)).post("/jwt/validate");
        given().header("Authorization", "Bearer x.y.z").post("/jwt/validate");
        String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(metrics.contains("jwt_validations_total{issuer=\"local\",reason=\"none\",result=\"valid\",traffic=\"live\"}"), metrics);
        assertTrue(metrics.contains("jwt_validations_total{issuer=\"none\",reason=\"MALFORMED\",result=\"invalid\",traffic=\"live\"}"), metrics);
        assertTrue(metrics.contains("jwt_validation_seconds_count"), metrics);
        assertTrue(metrics.contains("jwt_cache_requests_total{result=\"hit\"}"), metrics);
        assertEquals(-1, metrics.indexOf("reason=\"none\",result=\"invalid\""), "an invalid outcome always has a reason");
    }
}
