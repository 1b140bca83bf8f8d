package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/** quarkus.bench.security.public-reads: anyone reads lists and reports, but not recordings; writes need the role. */
class BenchPublicReadsTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(HeaderAuthMechanism.class))
            .overrideRuntimeConfigKey("quarkus.bench.security.enabled", "true")
            .overrideRuntimeConfigKey("quarkus.bench.security.public-reads", "true")
            .overrideConfigKey("quarkus.http.auth.proactive", "false")
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Test
    void readsAreOpenRecordingsAndWritesAreNot() {
        given().get("/q/bench/runs").then().statusCode(200);
        given().get("/q/bench/runs/r1").then().statusCode(404);
        given().get("/q/bench/runs/r1/recording.jfr").then().statusCode(401);
        given().delete("/q/bench/runs/r1").then().statusCode(401);
        given().contentType(ContentType.JSON).body(BenchAuthorizationTest.SPEC).post("/q/bench/runs").then().statusCode(401);
        given().header(HeaderAuthMechanism.HEADER, "bench-operator").get("/q/bench/runs/r1/recording.jfr")
                .then().statusCode(404);
    }
}
