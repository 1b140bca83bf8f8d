package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.restassured.http.ContentType;

/**
 * A live progress stream sends small progress events (where the sweep is, the
 * current step's figures) and the full JSON only once, at the end; an item has at most
 * quarkus.bench.max-event-subscribers streams (here 2), one more is a 429.
 */
class EventStreamLimitsTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.bench.max-event-subscribers", "2");

    @TestHTTPResource("/")
    URL root;

    private final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<InputStream> open(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(root.toURI().resolve(path)).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
    }

    /** name, data pairs until the stream ends */
    static List<String[]> events(HttpResponse<InputStream> r) throws Exception {
        List<String[]> events = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            String name = null;
            for (String line; (line = in.readLine()) != null;) {
                if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    events.add(new String[] { name, line.substring(6) });
                }
            }
        }
        return events;
    }

    @Test
    void streamsAreCappedAndProgressEventsAreSmall() throws Exception {
        String id = given().contentType(ContentType.JSON)
                .body("{\"target\":\"probe\",\"connections\":[1,2],\"duration\":\"3s\",\"warmup\":\"0s\",\"pause\":\"0s\"}")
                .post("/q/bench/sweeps").then().statusCode(202).extract().jsonPath().getString("id");
        String path = "q/bench/sweeps/" + id + "/events";
        HttpResponse<InputStream> first = open(path);
        HttpResponse<InputStream> second = open(path);
        assertEquals(200, first.statusCode());
        assertEquals(200, second.statusCode());

        HttpResponse<InputStream> third = open(path);
        assertEquals(429, third.statusCode());
        String refusal = new String(third.body().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(refusal.contains("\"error\":\"too many event streams\"") && refusal.contains("quarkus.bench.max-event-subscribers"),
                refusal);

        second.body().close(); // one leaves: its place is free again
        List<String[]> events = events(first);
        String[] last = events.get(events.size() - 1);
        assertEquals("summary", last[0]);
        assertTrue(last[1].contains("\"steps\""), last[1]);
        List<String[]> progress = events.subList(0, events.size() - 1);
        assertTrue(progress.size() >= 2, "progress events: " + progress.size());
        for (String[] e : progress) {
            assertEquals("progress", e[0]);
            assertTrue(e[1].length() < 1024, "a progress event of " + e[1].length() + " bytes: " + e[1]);
            assertTrue(e[1].contains("\"stepsStarted\"") && !e[1].contains("\"histogram\""), e[1]);
        }
        assertTrue(last[1].length() > 1024, "the summary is the full JSON: " + last[1].length());

        // every stream ended or left: the item takes new ones (a finished one gets its summary at once)
        for (int i = 0; i < 3; i++) {
            HttpResponse<InputStream> again = open(path);
            assertEquals(200, again.statusCode());
            assertEquals("summary", events(again).get(0)[0]);
        }
    }
}
