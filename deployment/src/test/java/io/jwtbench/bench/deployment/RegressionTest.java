package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * A run held against a baseline: by id and by the saved report itself (which must give the same regression),
 * through {@code POST /q/bench/regression}, in the text and junit.xml; and every way a baseline can be wrong, each
 * a 400 naming the field, or (another load model) a verdict refused with its reason rather than a number.
 */
class RegressionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(Post.class))
            .overrideConfigKey("quarkus.http.test-port", "0");

    static final String CLOSED = "{'target':'health','connections':2,'duration':'2s','warmup':'500ms'";

    static String run(String spec) {
        return Post.andWait("/q/bench/runs", spec).getString("id");
    }

    static String report(String id) {
        return given().get("/q/bench/runs/" + id).then().statusCode(200).extract().asString();
    }

    @Test
    void aRunHeldAgainstABaselineByIdOrByItsReportGetsTheSameRegression() throws Exception {
        String baseline = run(CLOSED + "}");
        JsonPath byId = Post.andWait("/q/bench/runs", CLOSED + ",'baseline':'" + baseline + "'}");
        Map<String, Object> regression = byId.getMap("regression");
        assertNotNull(regression, byId.prettify());
        assertEquals(baseline, regression.get("baselineId"));
        assertEquals(0.95, byId.getDouble("regression.confidence"), 1e-6);
        assertEquals(20.0, byId.getDouble("regression.tolerancePercent"), 1e-6);
        assertEquals(List.of("throughput", "p50", "p99"), byId.getList("regression.changes.metric"));
        // each change: the whole-run figures, an interval around the change, the samples it came from
        for (int i = 0; i < 3; i++) {
            String c = "regression.changes[" + i + "].";
            assertTrue(byId.getDouble(c + "low") <= byId.getDouble(c + "changePercent")
                    && byId.getDouble(c + "changePercent") <= byId.getDouble(c + "high"), byId.prettify());
            assertTrue(byId.getInt(c + "baselineSeconds") >= 2 && byId.getInt(c + "currentSeconds") >= 2, byId.prettify());
        }
        assertEquals(byId.getDouble("measured.rps"), byId.getDouble("regression.changes[0].current"), 0.01);
        assertTrue(byId.getList("regression.cpu.components").size() > 0, "both runs measured a profile");
        assertTrue(List.of("faster", "slower", "no significant difference", "inconclusive")
                .contains(byId.getString("regression.verdict")));
        assertTrue(byId.getString("regression.summary").contains("than baseline " + baseline)
                || byId.getString("regression.summary").startsWith("no significant difference from baseline " + baseline)
                || byId.getString("regression.summary").startsWith("inconclusive against baseline " + baseline));
        // the verdict holds the regression: it fails exactly when the regression says slower
        assertEquals(byId.getString("regression.verdict").equals("slower") ? "failed" : "passed",
                byId.getString("verdict.result"), byId.prettify());

        // the saved report posted back: the same regression, the same verdict
        String current = byId.getString("id");
        String inline = given().contentType(ContentType.JSON).body("{\"baseline\":" + report(baseline) + ",\"current\":"
                + report(current) + "}").post("/q/bench/regression").then().statusCode(200).extract().asString();
        Map<?, ?> again = JSON.readValue(inline, Map.class);
        assertEquals(JSON.writeValueAsString(regression), JSON.writeValueAsString(again), "by id and by report");

        // text: the summary before the verdict line; junit.xml: one case per metric
        String text = given().accept("text/plain").get("/q/bench/runs/" + current).asString();
        assertTrue(text.contains("Regression: " + byId.getString("regression.summary")), text);
        String xml = given().get("/q/bench/runs/" + current + "/junit.xml").then().statusCode(200).extract().asString();
        for (String metric : List.of("throughput", "p50", "p99")) {
            assertTrue(xml.contains("name=\"" + metric + " vs baseline " + baseline + "\""), xml);
        }
        given().accept("text/plain").contentType(ContentType.JSON)
                .body("{\"baseline\":\"" + baseline + "\",\"current\":\"" + current + "\",\"tolerancePercent\":100}")
                .post("/q/bench/regression").then().statusCode(200)
                .body(matchesPattern("(?s)(no significant difference from|inconclusive against) baseline " + baseline
                        + " \\(95 % confidence, tolerance 100 %\\).*"));
    }

    @Test
    void anotherLoadModelIsRefusedWithTheReasonNotANumber() {
        String open = run("{'target':'health','rate':100,'connections':2,'duration':'2s'}");
        JsonPath closed = Post.andWait("/q/bench/runs", CLOSED + ",'baseline':'" + open + "'}");
        assertEquals("not comparable", closed.getString("regression.verdict"), closed.prettify());
        assertEquals(List.of("different load models: the baseline's was constant-rate, this run's closed"),
                closed.getList("regression.notComparable"));
        assertEquals(List.of(), closed.getList("regression.changes"));
        assertEquals("passed", closed.getString("verdict.result"), "refused is not slower");
        String xml = given().get("/q/bench/runs/" + closed.getString("id") + "/junit.xml").asString();
        assertTrue(xml.contains("name=\"comparable vs baseline " + open + "\" time=\"0\"><skipped message=\"different load models"), xml);
    }

    @Test
    void aBadBaselineIsA400NamingTheField() throws Exception {
        String done = run(CLOSED + "}");
        ObjectNode report = (ObjectNode) JSON.readTree(report(done));
        refused(CLOSED + ",'baseline':'no-such-run'}", "baseline", "no run \"no-such-run\" in this service's history");
        refused(CLOSED + ",'baseline':[1,2]}", "baseline", "must be a run report");
        refused(CLOSED + ",'baseline':{'target':'health'}}", "baseline.id", "not a run report");
        refused(CLOSED + ",'tolerancePercent':3}", "tolerancePercent", "applies to a baseline");
        refused(CLOSED + ",'baseline':'" + done + "','tolerancePercent':-1}", "tolerancePercent", "between 0 and 100");
        refusedJson(withBaseline(report.deepCopy().put("reportFormat", 99)), "baseline.reportFormat",
                "format 99 is not one this service reads");
        refusedJson(withBaseline(report.deepCopy().put("status", "CANCELLED")), "baseline.status", "must be DONE");
        ObjectNode noHistogram = report.deepCopy();
        ((ObjectNode) noHistogram.get("latency")).remove("histogram");
        refusedJson(withBaseline(noHistogram), "baseline.latency.histogram", "missing");
        ObjectNode badHistogram = report.deepCopy();
        ((ObjectNode) badHistogram.get("latency")).put("histogram", "not base64 at all!");
        refusedJson(withBaseline(badHistogram), "baseline", "not a run report this service reads");
        // a run held against itself, by id or by its report, is a mistake, not an A/A check
        given().contentType(ContentType.JSON).body("{\"baseline\":" + report + ",\"current\":\"" + done + "\"}")
                .post("/q/bench/regression").then().statusCode(400).body("field", equalTo("current"))
                .body("reason", containsString("the baseline itself"));
        // a report written before the field (format 1) is read (renamed: another run's saved report)
        ObjectNode old = report.deepCopy().put("id", "saved");
        old.remove("reportFormat");
        given().contentType(ContentType.JSON).body("{\"baseline\":" + old + ",\"current\":\"" + done + "\"}")
                .post("/q/bench/regression").then().statusCode(200).body("baselineId", equalTo("saved"));
        // only a single run takes one
        given().contentType(ContentType.JSON).body("{\"spec\":{\"target\":\"health\",\"connections\":1,\"baseline\":\""
                + done + "\"},\"models\":[\"a\",\"b\"]}").post("/q/bench/compare").then().statusCode(400)
                .body("field", equalTo("spec.baseline")).body("reason", containsString("only a single run"));
        given().contentType(ContentType.JSON).body("{\"baseline\":\"" + done + "\"}").post("/q/bench/regression").then()
                .statusCode(400).body("field", equalTo("current"));
        given().contentType(ContentType.JSON).body("{\"baseline\":\"" + done + "\",\"current\":\"" + done + "\",\"x\":1}")
                .post("/q/bench/regression").then().statusCode(400).body("field", equalTo("x"));
    }

    /** The route's old name sends a client on, method and body kept, and tells one that does not follow where to go. */
    @Test
    void theOldNameOfTheRouteSaysTheNewOne() {
        given().redirects().follow(false).contentType(ContentType.JSON).body("{}").post("/q/bench/verdict").then()
                .statusCode(308).header("Location", equalTo("/q/bench/regression"))
                .body("location", equalTo("/q/bench/regression"))
                .body("reason", containsString("POST /q/bench/regression"));
    }

    private static String withBaseline(ObjectNode report) {
        return "{\"target\":\"health\",\"connections\":1,\"duration\":\"500ms\",\"baseline\":" + report + "}";
    }

    /** {@code '} for {@code "}, as in {@link Post}. */
    private static void refused(String spec, String field, String reason) {
        refusedJson(spec.replace('\'', '"'), field, reason);
    }

    private static void refusedJson(String spec, String field, String reason) {
        given().contentType(ContentType.JSON).body(spec).post("/q/bench/runs").then()
                .log().ifValidationFails().statusCode(400).body("field", equalTo(field)).body("reason", containsString(reason));
    }
}
