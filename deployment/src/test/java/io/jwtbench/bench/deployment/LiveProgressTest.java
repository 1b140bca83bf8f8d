package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.restassured.http.ContentType;

/**
 * Live progress: the Server-Sent Events of a run and of a sweep, read as a client reads them, and the
 * live report.html of a running run in headless Chromium, whose inline script counts the events it
 * received. The finished page has no script.
 */
class LiveProgressTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class, ReportBrowserTest.class, Browser.class))
            .overrideConfigKey("quarkus.http.test-port", "0");

    @TestHTTPResource("/")
    URL root;

    /** @param atNanos when it arrived */
    record Event(String name, String data, long atNanos) {
    }

    /** Every event of the stream, until it ends (bounded: the stream ends with the item). */
    List<Event> events(String path) throws Exception {
        HttpResponse<java.io.InputStream> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(root.toURI().resolve(path))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        assertEquals("text/event-stream", r.headers().firstValue("Content-Type").orElse(""));
        List<Event> events = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            String name = null;
            for (String line; (line = in.readLine()) != null;) {
                if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    events.add(new Event(name, line.substring(6), System.nanoTime()));
                }
            }
        }
        return events;
    }

    static String start(String path, String json) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).post(path).then().statusCode(202)
                .extract().jsonPath().getString("id");
    }

    @Test
    void runStreamsProgressEverySecondThenItsSummary() throws Exception {
        String id = start("/q/bench/runs", "{'target':'probe','rate':200,'connections':2,'duration':'4s'}");
        List<Event> events = events("q/bench/runs/" + id + "/events");
        Event last = events.get(events.size() - 1);
        assertEquals("summary", last.name());
        assertTrue(last.data().contains("\"status\":\"DONE\"") && last.data().contains("\"latency\""), last.data());
        List<Event> progress = events.subList(0, events.size() - 1);
        assertTrue(progress.stream().allMatch(e -> e.name().equals("progress")), events.toString());
        // one a second, from whenever the stream was opened to the summary: no gap much over a second
        // (3 s allows for a busy 2-core machine's late timers and GC; a missing tick would make 2 s + lateness)
        assertTrue(progress.size() >= 2, events.toString());
        for (int i = 1; i < events.size(); i++) {
            long gapMillis = (events.get(i).atNanos() - events.get(i - 1).atNanos()) / 1_000_000;
            assertTrue(gapMillis <= 3000, "gap of " + gapMillis + " ms before event " + i + ": " + events);
        }
        assertTrue(progress.stream().anyMatch(e -> e.data().contains("\"currentRps\"")), events.toString());
    }

    @Test
    void sweepStreamsToo() throws Exception {
        String id = start("/q/bench/sweeps", "{'target':'probe','connections':[1,2],'duration':'1s','warmup':'0s','pause':'0s'}");
        List<Event> events = events("q/bench/sweeps/" + id + "/events");
        assertEquals("summary", events.get(events.size() - 1).name());
        assertTrue(events.size() >= 2, events.toString());
        assertTrue(events.get(events.size() - 1).data().contains("\"steps\""));
    }

    @Test
    void finishedRunGetsItsSummaryAtOnceAndThePageHasNoScript() throws Exception {
        String id = given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{\"target\":\"probe\",\"connections\":1,\"duration\":\"300ms\"}").post("/q/bench/runs")
                .then().statusCode(200).extract().jsonPath().getString("id");
        List<Event> events = events("q/bench/runs/" + id + "/events");
        assertEquals(1, events.size());
        assertEquals("summary", events.get(0).name());
        assertFalse(given().get("/q/bench/runs/" + id + "/report.html").asString().contains("<script"));
    }

    @Test
    void liveReportShowsEventsInABrowser() throws Exception {
        Optional<String> chromium = ReportBrowserTest.chromium();
        Assumptions.assumeTrue(chromium.isPresent(), "chromium is not installed: skipping the live page check");
        String id = start("/q/bench/runs", "{'target':'probe','rate':100,'connections':2,'duration':'30s'}");
        try {
            String page = given().get("/q/bench/runs/" + id + "/report.html").asString();
            assertTrue(page.contains("new EventSource('events')"), "a running run's page is live");
            Path dir = Path.of("target", "report-screenshots").toAbsolutePath();
            Files.createDirectories(dir);
            String dom;
            // the browser loads the page from the server (EventSource needs it); after 6 s the test reads the
            // live line through the DevTools protocol (--dump-dom would dump at the load event, before any event)
            try (Browser browser = Browser.start(chromium.get(), 1200, 900)) {
                browser.navigate(root.toURI().resolve("q/bench/runs/" + id + "/report.html").toString());
                Thread.sleep(Duration.ofSeconds(6).toMillis());
                dom = browser.evaluate("document.getElementById('live') ? document.getElementById('live').outerHTML"
                        + " : document.body.outerHTML").asText();
            }
            Files.writeString(dir.resolve("live.html"), dom);
            Matcher live = Pattern.compile("id=\"live\"[^>]*").matcher(dom);
            assertTrue(live.find(), "no live line in\n" + dom);
            int events = Integer.parseInt(attr(live.group(), "data-events"));
            double first = Double.parseDouble(attr(live.group(), "data-first"));
            double elapsed = Double.parseDouble(attr(live.group(), "data-elapsed"));
            assertTrue(events >= 2, live.group());
            // at least one event per second of the run the page watched (+1 s for where the window falls)
            assertTrue(elapsed - first <= events, live.group());
        } finally {
            given().delete("/q/bench/runs/" + id);
        }
    }

    private static String attr(String tag, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(tag);
        assertTrue(m.find(), name + " missing in " + tag);
        return m.group(1);
    }
}
