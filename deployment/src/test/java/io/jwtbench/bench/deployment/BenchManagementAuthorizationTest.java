package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.quarkus.vertx.http.HttpServer;
import io.restassured.http.ContentType;

/**
 * On the management interface with authentication there (quarkus.management.auth.enabled), the
 * handlers demand the role just as on the main port; no quarkus.management.auth.permission names
 * the bench.
 */
class BenchManagementAuthorizationTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(HeaderAuthMechanism.class))
            .overrideConfigKey("quarkus.management.enabled", "true")
            .overrideConfigKey("quarkus.management.auth.enabled", "true")
            .overrideRuntimeConfigKey("quarkus.bench.security.enabled", "true")
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.management.test-port", "0");

    @Inject
    HttpServer server;

    @Test
    void writesAndReadsNeedTheRoleOnTheManagementPort() {
        String base = "http://localhost:" + server.getManagementPort();
        String spec = "{\"target\":\"health\",\"connections\":1,\"duration\":\"30s\"}";
        given().contentType(ContentType.JSON).body(spec).post(base + "/q/bench/runs").then().statusCode(401);
        given().get(base + "/q/bench/runs").then().statusCode(401);
        given().delete(base + "/q/bench/runs/r1").then().statusCode(401);
        given().header(HeaderAuthMechanism.HEADER, "viewer").contentType(ContentType.JSON).body(spec)
                .post(base + "/q/bench/runs").then().statusCode(403);
        String location = given().header(HeaderAuthMechanism.HEADER, "bench-operator").contentType(ContentType.JSON)
                .body(spec).post(base + "/q/bench/runs").then().statusCode(202).extract().header("Location");
        given().header(HeaderAuthMechanism.HEADER, "bench-operator").delete(base + location).then().statusCode(200);
    }
}
