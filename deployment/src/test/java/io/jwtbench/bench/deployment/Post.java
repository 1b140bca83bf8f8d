package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** POSTs to the bench with {@code ?wait=true}; {@code '} stands for {@code "} so specs read easily in Java. */
final class Post {
    private Post() {
    }

    static JsonPath andWait(String path, String json) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).queryParam("wait", "true")
                .post(path).then().log().ifValidationFails().statusCode(200).extract().jsonPath();
    }
}
