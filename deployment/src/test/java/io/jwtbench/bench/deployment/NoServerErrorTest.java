package io.jwtbench.bench.deployment;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.RestAssured;

/**
 * Bad and odd input at every bench route: malformed JSON, wrong shapes, huge and odd numbers,
 * unknown and odd ids, every method, wrong content types. Every answer is a 4xx (none starts a
 * run: every body is invalid), never a 500.
 */
class NoServerErrorTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideConfigKey("quarkus.http.test-port", "0");

    static final String[] BODIES = {
            "", " ", "{", "}", "[]", "[", "null", "true", "42", "\"x\"", "{\"target\":}", "{\"target\":\"health\",}",
            "{\"target\":\"health\",\"connections\":1e400}", "{\"target\":\"health\",\"connections\":-1e400}",
            "{\"target\":\"health\",\"connections\":99999999999999999999999999999}",
            "{\"target\":\"health\",\"connections\":1.5}", "{\"target\":\"health\",\"connections\":\"10\"}",
            "{\"target\":\"health\",\"connections\":[1,2]}", "{\"target\":\"health\",\"connections\":{}}",
            "{\"target\":\"health\",\"rate\":1e308}", "{\"target\":\"health\",\"rate\":10,\"rampTo\":-9223372036854775808}",
            "{\"target\":\"health\",\"connections\":1,\"duration\":\"99999999999999999999h\"}",
            "{\"target\":\"health\",\"connections\":1,\"duration\":\"9223372036854775807ms\"}",
            "{\"target\":\"health\",\"connections\":1,\"duration\":\"PT9999999999999999H\"}",
            "{\"target\":\"health\",\"connections\":1,\"duration\":\"1e9s\"}",
            "{\"target\":\"health\",\"connections\":1,\"duration\":\"-1s\"}",
            "{\"target\":\"health\",\"connections\":1,\"duration\":\"\\u0000\"}",
            "{\"target\":\"health\",\"connections\":1,\"warmup\":[],\"timeout\":{}}",
            "{\"target\":\"health\",\"connections\":1,\"breakdown\":\"yes\"}",
            "{\"target\":\"health\",\"connections\":1,\"unknownOption\":[[[{}]]]}",
            "{\"target\":\"probe\",\"connections\":1,\"mode\":null}",
            "{\"target\":\"probe\",\"connections\":1,\"mode\":{\"a\":1e999}}",
            "{\"target\":[\"health\"],\"connections\":1}", "{\"target\":\"\\ud800\",\"connections\":1}",
            "{\"target\":\"health\",\"connections\":[9223372036854775807,9223372036854775808]}",
            "{\"target\":\"health\",\"connections\":[3,2,1]}", "{\"target\":\"health\",\"rates\":[1e400]}",
            "{\"target\":\"health\",\"connections\":[1],\"pause\":\"1e400s\",\"latencyBound\":\"-0ms\"}",
            "{\"target\":\"health\",\"connections\":[1],\"boundPercentile\":99}",
            "{\"spec\":null,\"models\":null}", "{\"spec\":{},\"models\":[]}", "{\"spec\":[],\"models\":{}}",
            "{\"spec\":{\"target\":\"health\",\"connections\":1e400},\"models\":[\"a\"]}",
            "{\"spec\":{\"target\":\"health\",\"connections\":1,\"model\":\"x\"},\"models\":[\"a\"]}",
            "{\"spec\":{\"target\":\"health\",\"connections\":1},\"models\":[null,1,[],{}]}",
            "{\"spec\":{\"target\":\"probe\",\"connections\":1},\"models\":[\"a\",\"a\"]}",
            "[".repeat(5000) + "]".repeat(5000), "{\"a\":".repeat(3000) + "1" + "}".repeat(3000),
            "\"" + "x".repeat(200_000) + "\"",
    };

    static final String[] COLLECTIONS = { "/q/bench/runs", "/q/bench/compare", "/q/bench/sweeps" };
    static final String[] ODD_IDS = { "r999999999999999999999", "..%2f..%2fetc", "x".repeat(2000), "%00%ff%fe" };
    static final String[] ITEM_SUFFIXES = { "", "/histogram", "/histogram?uncorrected=maybe", "/recording.jfr",
            "/report.html", "/benchmark-data.json" };
    static final String[] METHODS = { "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS" };
    static final String[] CONTENT_TYPES = { "application/json", "text/plain", "application/xml",
            "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16" };

    private final List<String> serverErrors = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();

    /** Plain java.net.http: any method, any content type, the body as bytes (no client-side encoding). */
    private void check(String method, String path, String contentType, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + path))
                .timeout(Duration.ofSeconds(30));
        if (contentType != null) {
            request.header("Content-Type", contentType).method(method, BodyPublishers.ofString(body));
        } else {
            request.method(method, BodyPublishers.noBody());
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), BodyHandlers.ofString());
        } catch (IOException | InterruptedException e) {
            serverErrors.add(method + " " + shorten(path) + " -> " + e);
            return;
        }
        if (response.statusCode() >= 500) {
            serverErrors.add(method + " " + shorten(path) + " [" + contentType + "] " + shorten(body) + " -> "
                    + response.statusCode() + " " + shorten(response.body()));
        }
    }

    private static String shorten(String s) {
        return s == null ? "" : s.substring(0, Math.min(s.length(), 120));
    }

    @Test
    void badBodiesAtEveryCollection() {
        for (String collection : COLLECTIONS) {
            for (String body : BODIES) {
                check("POST", collection, "application/json", body);
                check("POST", collection + "?wait=true", "application/json", body);
            }
            for (String type : CONTENT_TYPES) {
                check("POST", collection, type, "{\"target\":\"nope\",\"connections\":1}");
            }
        }
        assertTrue(serverErrors.isEmpty(), String.join("\n", serverErrors));
    }

    @Test
    void everyMethodAtEveryRouteWithOddIds() {
        List<String> paths = new ArrayList<>(List.of(COLLECTIONS));
        paths.add("/q/bench/report.html");
        paths.add("/q/bench/report.html?runs=");
        paths.add("/q/bench/report.html?runs=,,,");
        paths.add("/q/bench/report.html?runs=" + "a,".repeat(2000));
        for (String collection : COLLECTIONS) {
            for (String id : ODD_IDS) {
                for (String suffix : ITEM_SUFFIXES) {
                    paths.add(collection + "/" + id + suffix);
                }
            }
        }
        for (String path : paths) {
            for (String method : METHODS) {
                check(method, path, null, null);
                check(method, path, "application/json", "{");
            }
        }
        assertTrue(serverErrors.isEmpty(), String.join("\n", serverErrors));
    }

    @Test
    void renderingsAnswerOnlyGet() throws Exception {
        for (String path : new String[] { "/q/bench/runs/r1/report.html", "/q/bench/runs/r1/histogram",
                "/q/bench/runs/r1/recording.jfr", "/q/bench/sweeps/s1/benchmark-data.json", "/q/bench/report.html" }) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + path))
                    .DELETE().build(), BodyHandlers.ofString());
            org.junit.jupiter.api.Assertions.assertEquals(405, response.statusCode(), path);
            org.junit.jupiter.api.Assertions.assertEquals("GET", response.headers().firstValue("Allow").orElse(""), path);
        }
    }
}
