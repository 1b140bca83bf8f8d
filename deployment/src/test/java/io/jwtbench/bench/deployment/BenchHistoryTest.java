package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/** {@code quarkus.bench.history-size} bounds the remembered runs; the oldest goes first. */
class BenchHistoryTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withEmptyApplication()
            .overrideRuntimeConfigKey("quarkus.bench.history-size", "3")
            .overrideConfigKey("quarkus.http.test-port", "0"); // other builds may hold 8081

    @Test
    void oldestRunIsEvicted() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ids.add(given().contentType(ContentType.JSON)
                    .body("{\"target\":\"health\",\"connections\":1,\"duration\":\"100ms\"}").queryParam("wait", "true")
                    .post("/q/bench/runs").then().statusCode(200).extract().jsonPath().getString("id"));
        }
        given().get("/q/bench/runs").then().statusCode(200)
                .body("runs", hasSize(3), "runs[0].id", equalTo(ids.get(3)), "runs[2].id", equalTo(ids.get(1)));
        given().get("/q/bench/runs/" + ids.get(0)).then().statusCode(404);
        given().get("/q/bench/runs/" + ids.get(1)).then().statusCode(200);
    }
}
