package io.jwtbench.service.validation.tls;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

import io.jwtbench.service.testing.Jws;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * {@code jwt.issuers.<name>.tls-configuration-name} names a {@code quarkus.tls.<name>.*}
 * configuration whose trust store that issuer's key fetches trust. The same HTTPS endpoint, with a
 * certificate of an internal CA: trusted through the registry, its keys load and tokens validate; with the
 * JVM's default trust, the handshake fails, the issuer has no keys, readiness says so, and its tokens are
 * refused.
 */
@QuarkusTest
@QuarkusTestResource(value = InternalCaIdp.class, restrictToAnnotatedClass = true)
class TlsRegistryTrustTest {

    @Test
    void anIssuerTrustsItsInternalCaThroughTheTlsRegistry() {
        String token = Jws.sign(Jws.header(InternalCaIdp.KEY), Jws.payload(InternalCaIdp.TRUSTING), InternalCaIdp.KEY);
        // the first fetch runs in the background from start-up; an unknown kid waits for it (or triggers one)
        given().header("Authorization", "Bearer " + token).post("/jwt/validate").then().statusCode(200)
                .body("valid", equalTo(true)).body("issuer", equalTo(InternalCaIdp.TRUSTING));
    }

    @Test
    void anIssuerOnTheJvmsDefaultTrustDoesNotReachIt() throws InterruptedException {
        String token = Jws.sign(Jws.header(InternalCaIdp.KEY), Jws.payload(InternalCaIdp.DEFAULT_TRUST), InternalCaIdp.KEY);
        given().header("Authorization", "Bearer " + token).post("/jwt/validate").then().statusCode(401);
        // the first fetches run in the background from start-up: wait for the trusting issuer's to have loaded
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        while (!given().get("/q/health/ready").jsonPath()
                .getString("checks.find { it.name == 'jwt-issuer-keys' }.data.trusting").contains("UP")) {
            org.junit.jupiter.api.Assertions.assertTrue(System.nanoTime() < deadline, "the trusting issuer never loaded its keys");
            Thread.sleep(100);
        }
        given().get("/q/health/ready").then().statusCode(503)
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.default-trust", containsString("DOWN"))
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.trusting", containsString("UP"));
    }
}
