package io.jwtbench.service.health;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.lessThan;

/**
 * An issuer whose JWKS endpoint refuses connections keeps the pod out of service, says why, and
 * does not take liveness or the validation endpoint down with it.
 */
@QuarkusTest
@TestProfile(ReadinessWithoutKeysTest.UnreachableJwks.class)
class ReadinessWithoutKeysTest {
    static final int CLOSED_PORT = closedPort();

    public static class UnreachableJwks implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("jwt.issuers.down.issuer", "https://idp.test/realms/down",
                    "jwt.issuers.down.jwks.url", "https://127.0.0.1:" + CLOSED_PORT + "/certs",
                    "jwt.jwks.timeout", "1s");
        }
    }

    /** A port that was free a moment ago: nothing listens there. */
    static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void readinessIsDownWithTheIssuersReason() {
        given().when().get("/q/health/ready").then().statusCode(503)
                .body("status", equalTo("DOWN"))
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.down", containsString("DOWN, 0 keys"))
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.down", containsString("last fetch failed (see the service log)"))
                // No URL, port or fetch error on the readiness page
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.down", not(containsString("127.0.0.1")))
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.down", not(containsString(String.valueOf(CLOSED_PORT))))
                .body("checks.find { it.name == 'jwt-issuer-keys' }.data.down", not(containsString("https")));
    }

    @Test
    void livenessAndValidationStillAnswer() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        TestKey key = TestKey.rsa("k1");
        given().header("Authorization", "Bearer " + Jws.sign(Jws.header(key), Jws.payload("https://idp.test/realms/down"), key))
                .when().post("/jwt/validate")
                .then().statusCode(401).body("reason", equalTo("UNKNOWN_KEY"))
                // answered at once, not after waiting min-refresh-interval (5 s) for another failing fetch
                .time(lessThan(2500L));
    }
}
