package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * {@code /q/bench/runs/{id}/junit.xml}, read back with the JDK's XML parser as a CI server would: a threshold that
 * holds and one that cannot are a passed and a failed test case, the latter with the violation; a cancelled run
 * fails "run ended DONE" and skips the rest; a run without thresholds is an empty suite; a running one is a 409.
 */
class JUnitXmlTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withEmptyApplication()
            .overrideConfigKey("quarkus.http.test-port", "0");

    static String run(String spec) {
        return given().contentType(ContentType.JSON).body(spec).queryParam("wait", "true").post("/q/bench/runs")
                .then().statusCode(200).extract().jsonPath().getString("id");
    }

    static Document junit(String id) throws Exception {
        Response r = given().get("/q/bench/runs/" + id + "/junit.xml");
        assertEquals(200, r.statusCode(), r.asString());
        assertTrue(r.contentType().startsWith("application/xml"), r.contentType());
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(r.asString().getBytes(StandardCharsets.UTF_8)));
    }

    /** Each test case's name and outcome: passed, failed: message, skipped: message. */
    static Map<String, String> cases(Document d) {
        Map<String, String> out = new LinkedHashMap<>();
        NodeList cases = d.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            NodeList failure = c.getElementsByTagName("failure");
            NodeList skipped = c.getElementsByTagName("skipped");
            out.put(c.getAttribute("name"), failure.getLength() > 0 ? "failed: " + ((Element) failure.item(0)).getAttribute("message")
                    : skipped.getLength() > 0 ? "skipped: " + ((Element) skipped.item(0)).getAttribute("message") : "passed");
        }
        return out;
    }

    @Test
    void eachThresholdIsATestCase() throws Exception {
        String id = run("{\"target\":\"health\",\"connections\":1,\"duration\":\"500ms\","
                + "\"thresholds\":{\"p99\":\"1m\",\"minRps\":1000000000}}");
        Document d = junit(id);
        Element suite = d.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        Map<String, String> cases = cases(d);
        assertEquals("passed", cases.get("run ended DONE"), cases.toString());
        assertEquals("passed", cases.get("requests answered"), cases.toString());
        assertEquals("passed", cases.get("p99 <= 60000 ms"), cases.toString());
        assertTrue(cases.get("rps >= 1000000000").matches("failed: rps [0-9.]+ < min-rps 1000000000"), cases.toString());
        assertEquals(String.valueOf(cases.size()), suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        String verdict = given().get("/q/bench/runs/" + id).then().extract().jsonPath().getString("verdict.reasons[0]");
        assertEquals("failed: " + verdict, cases.get("rps >= 1000000000"), "the test case says what the verdict says");
        String output = null;
        for (int i = 0; i < suite.getChildNodes().getLength(); i++) {
            if (suite.getChildNodes().item(i).getNodeName().equals("system-out")) {
                output = suite.getChildNodes().item(i).getTextContent();
            }
        }
        assertTrue(output != null && output.contains("Requests/sec"), "the suite's output is the text summary: " + output);
    }

    @Test
    void aCancelledRunFailsItsFirstCheckAndSkipsTheRest() throws Exception {
        String location = given().contentType(ContentType.JSON)
                .body("{\"target\":\"health\",\"connections\":1,\"duration\":\"1m\",\"thresholds\":{\"p99\":\"1s\"}}")
                .post("/q/bench/runs").then().statusCode(202).extract().header("Location");
        String id = location.substring(location.lastIndexOf('/') + 1);
        Response running = given().get("/q/bench/runs/" + id + "/junit.xml");
        assertEquals(409, running.statusCode(), running.asString());
        assertTrue(running.asString().contains("once the run has ended"), running.asString());
        given().delete(location).then().statusCode(200);
        Map<String, String> cases = cases(junit(id));
        assertTrue(cases.get("run ended DONE").startsWith("failed: run " + id + " ended CANCELLED"), cases.toString());
        assertTrue(cases.get("p99 <= 1000 ms").startsWith("skipped"), cases.toString());
    }

    @Test
    void withoutThresholdsTheSuiteIsEmpty() throws Exception {
        Document d = junit(run("{\"target\":\"health\",\"connections\":1,\"duration\":\"200ms\"}"));
        assertEquals("0", d.getDocumentElement().getAttribute("tests"));
        assertEquals(0, d.getElementsByTagName("testcase").getLength());
    }
}
