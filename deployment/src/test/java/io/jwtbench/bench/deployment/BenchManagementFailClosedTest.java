package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.quarkus.vertx.http.HttpServer;
import io.restassured.http.ContentType;

/**
 * The management interface without authentication there: nobody can be identified, so with
 * security on the bench refuses everyone, the would-be operator included (fail closed). Before the
 * handlers checked, POST and DELETE went through here unauthenticated.
 */
class BenchManagementFailClosedTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(HeaderAuthMechanism.class))
            .overrideConfigKey("quarkus.management.enabled", "true")
            .overrideRuntimeConfigKey("quarkus.bench.security.enabled", "true")
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.management.test-port", "0");

    @Inject
    HttpServer server;

    @Test
    void everyoneIsRefused() {
        String base = "http://localhost:" + server.getManagementPort();
        String spec = "{\"target\":\"health\",\"connections\":1,\"duration\":\"30s\"}";
        given().contentType(ContentType.JSON).body(spec).post(base + "/q/bench/runs").then().statusCode(401);
        given().header(HeaderAuthMechanism.HEADER, "bench-operator").contentType(ContentType.JSON).body(spec)
                .post(base + "/q/bench/runs").then().statusCode(401);
        given().header(HeaderAuthMechanism.HEADER, "bench-operator").get(base + "/q/bench/runs").then().statusCode(401);
        given().delete(base + "/q/bench/runs/r1").then().statusCode(401);
    }
}
