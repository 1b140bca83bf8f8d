package io.jwtbench.service.docs;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.service.testing.LocalIdp;
import io.jwtbench.service.testing.OwnFleet;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;

/**
 * Every bench example the pages show as a {@code curl} line is sent to the application, in page order: each
 * spec a page POSTs to {@code /q/bench} must run to {@code DONE} (durations shortened to {@value #DURATION},
 * warm-ups to {@value #WARMUP}, a sweep's pauses to {@value #PAUSE} and a compare to one round without warm-up steps, so that the tour
 * takes a minute; every other field as shown; a spec shown twice runs once), and each GET a page shows afterwards (reports, histograms, exports, events, profile diffs) must
 * answer 200 for the item made by the last POST of its kind. A page whose spec a refactoring broke fails here.
 * The application is its own one-pod fleet, so the fleet examples run too.
 */
@QuarkusTest
@TestProfile(OwnFleet.class)
@QuarkusTestResource(LocalIdp.class)
class DocsExamplesTest {
    static final String DURATION = "500ms";
    static final String WARMUP = "200ms";
    static final String PAUSE = "100ms";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PLACEHOLDER = Pattern.compile("<(?:(\\w+) )?id>");
    /** A POST to the bench written on one line with its URL: counted without the parser, to catch it skipping one. */
    private static final Pattern POST_LINE = Pattern.compile("curl .*-X POST .*/q/bench/");

    @Test
    void everyBenchExampleInThePagesRuns() throws Exception {
        DocPages docs = DocPages.ofProject();
        Map<String, String> lastIds = new HashMap<>(); // the last id POSTed per kind: "compare", "sweeps", "fleet"
        List<String> failures = new ArrayList<>();
        Set<String> sent = new HashSet<>();
        int posts = 0;
        int postLines = 0;
        for (Path page : docs.pages()) {
            String text = DocPages.read(page);
            postLines += (int) text.lines().filter(l -> POST_LINE.matcher(l).find()).count();
            for (CurlExample example : CurlExample.in(docs.name(page), text)) {
                if (!example.isBench()) {
                    continue;
                }
                if (example.method().equals("POST")) {
                    posts++;
                    post(example, lastIds, sent, failures);
                } else {
                    get(example, lastIds, failures);
                }
            }
        }
        assertEquals(List.of(), failures);
        assertEquals(postLines, posts, "every POST to /q/bench a page shows was read and sent");
    }

    private static void post(CurlExample example, Map<String, String> lastIds, Set<String> sent, List<String> failures)
            throws Exception {
        String kind = kind(example.pathAndQuery());
        String body = shortened(JSON.readTree(example.body())).toString();
        if (!sent.add(example.pathAndQuery() + " " + body)) {
            return; // shown on another page too: it ran there
        }
        long start = System.nanoTime();
        Response response = given().contentType("application/json").accept("application/json").body(body)
                .post(example.pathAndQuery());
        System.out.printf("%s: %s %s in %.1f s%n", example.where(), example.pathAndQuery(), body, (System.nanoTime() - start) / 1e9);
        if (response.statusCode() != 200) {
            failures.add(example.where() + ": " + body + " answered " + response.statusCode() + " " + response.asString());
            return;
        }
        JsonNode report = JSON.readTree(response.asString());
        if (!"DONE".equals(report.path("status").asText())) {
            failures.add(example.where() + ": " + body + " ended " + report.path("status") + ": " + report);
        }
        lastIds.put(kind, report.get("id").asText());
        String accept = example.headers().get("Accept");
        if (accept != null) { // the page asked for another rendering: it must exist for this report too
            Response rendered = given().accept(accept).get("/q/bench/" + kind + "/" + report.get("id").asText());
            if (rendered.statusCode() != 200 || !rendered.contentType().startsWith(accept)) {
                failures.add(example.where() + ": as " + accept + " answered " + rendered.statusCode() + " " + rendered.contentType());
            }
        }
    }

    private static void get(CurlExample example, Map<String, String> lastIds, List<String> failures) {
        String kind = kind(example.pathAndQuery());
        Matcher m = PLACEHOLDER.matcher(example.pathAndQuery());
        StringBuilder path = new StringBuilder();
        while (m.find()) {
            String key = m.group(1) == null ? kind : m.group(1) + " run";
            String id = kind.equals("runs") || m.group(1) != null ? newestRun(m.group(1)) : lastIds.get(key);
            if (id == null) {
                failures.add(example.where() + ": " + example.pathAndQuery() + " names a " + key + " no earlier example made");
                return;
            }
            m.appendReplacement(path, id);
        }
        m.appendTail(path);
        var request = given();
        example.headers().forEach((name, value) -> {
            if (!value.contains("$")) {
                request.header(name, value);
            }
        });
        Response response = request.get(path.toString());
        if (response.statusCode() != 200) {
            failures.add(example.where() + ": GET " + path + " answered " + response.statusCode() + " " + response.asString());
        }
    }

    /**
     * The newest run in the history (of that target, if named): compares, sweeps and fleets add runs too, and the
     * history keeps the newest ones only, so the run a page made a while ago may be gone.
     */
    private static String newestRun(String target) {
        List<Map<String, Object>> runs = given().accept("application/json").get("/q/bench/runs").then().statusCode(200)
                .extract().jsonPath().getList("runs");
        return runs.stream().filter(r -> target == null || target.equals(r.get("target"))).map(r -> (String) r.get("id"))
                .findFirst().orElse(null);
    }

    /** {@code runs}, {@code compare}, {@code sweeps}, {@code fleet}, {@code profile-diff}: the path segment after /q/bench/. */
    private static String kind(String pathAndQuery) {
        String rest = pathAndQuery.substring("/q/bench/".length());
        return rest.split("[/?]", 2)[0];
    }

    /**
     * The spec as shown, with every duration and warm-up short and a compare in one round without its warm-up steps
     * (each would add a run of 1 s measured, which is not reported: CompareAndRampTest checks them).
     */
    static JsonNode shortened(JsonNode spec) {
        JsonNode copy = spec.deepCopy();
        shorten(copy);
        if (copy.has("models") || copy.has("transports")) {
            if (!copy.has("rounds")) {
                ((ObjectNode) copy).put("rounds", 1);
            }
            if (copy.get("spec") instanceof ObjectNode inner) {
                inner.put("warmup", "0s");
            }
        }
        return copy;
    }

    private static void shorten(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.has("duration")) {
                object.put("duration", DURATION);
                object.put("warmup", WARMUP); // also where none is shown: a compare's default is automatic, up to 30 s
                if (object.path("connections").isArray() || object.has("rates")) { // a sweep: 1 s between steps by default
                    object.put("pause", PAUSE);
                }
            }
            object.forEach(DocsExamplesTest::shorten);
        }
    }
}
