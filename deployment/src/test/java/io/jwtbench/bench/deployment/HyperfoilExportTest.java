package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;

/**
 * {@code /q/bench/runs/{id}/hyperfoil.yaml} over HTTP: a finished run's load as YAML (Hyperfoil's own
 * parser reads it in the runtime module's HyperfoilYamlTest), 404 for an unknown run, 400 for a bad host.
 */
class HyperfoilExportTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(Post.class))
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Test
    void aRunIsExportedWhereItSentUnlessAnotherHostIsGiven() {
        String id = Post.andWait("/q/bench/runs", "{'target':'health','connections':2,'duration':'200ms'}").getString("id");

        given().get("/q/bench/runs/" + id + "/hyperfoil.yaml").then().statusCode(200)
                .header("Content-Type", startsWith("application/yaml"))
                .body(containsString("name: \"jwt-bench-" + id + "\""), containsString("host: \"http://127.0.0.1:"),
                        containsString("always:"), containsString("users: 2"),
                        containsString("GET: \"/q/health/live\""), not(containsString("randomItem")));
        given().queryParam("host", "https://service.example:8443").get("/q/bench/runs/" + id + "/hyperfoil.yaml")
                .then().statusCode(200).body(containsString("host: \"https://service.example:8443\""));
        given().queryParam("host", "ftp://service.example/x").get("/q/bench/runs/" + id + "/hyperfoil.yaml")
                .then().statusCode(400).body("error", equalTo("host"));
        given().queryParam("host", "https://service.example:99999").get("/q/bench/runs/" + id + "/hyperfoil.yaml")
                .then().statusCode(400).body("error", equalTo("host")).body("reason", containsString("99999"));
    }

    @Test
    void anUnknownRunIsNotFound() {
        given().get("/q/bench/runs/nope/hyperfoil.yaml").then().statusCode(404).body("error", equalTo("no such run"));
    }
}
