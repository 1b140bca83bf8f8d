package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.LogRecord;

import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.quarkus.tls.CertificateUpdatedEvent;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Both server TLS engines in one application: its HTTPS port on BoringSSL ({@code quarkus.bench.server-tls.engine=
 * openssl}), the JDK's engine on the bench's loopback listener, each reached by a run's {@code serverTlsEngine}. Each
 * keeps TLS 1.3 and ALPN h2; each counts its own handshakes, full and resumed, and the counts agree with the client's;
 * certificates of the two key types the bench makes are served and named; a compare crosses server and client
 * engines. Last, the TLS registry's certificate is reloaded (an RSA key where an EC one was): both engines present it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("timing")
class ServerTlsEnginesTest {
    static final Path P12 = Path.of("target", "server-tls-engines-test", "server.p12");

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class, Keytool.class))
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.http.test-ssl-port", "0")
            .overrideConfigKey("quarkus.tls.key-store.p12.path", Keytool.keyStore(P12, Keytool.EC_P256).toAbsolutePath().toString())
            .overrideConfigKey("quarkus.tls.key-store.p12.password", Keytool.PASSWORD)
            .overrideConfigKey("quarkus.bench.server-tls.engine", "openssl")
            .setLogRecordPredicate(r -> r.getLoggerName().startsWith("io.jwtbench.bench.runtime.server"))
            .assertLogRecords(ServerTlsEnginesTest::saidWhichEngineAtStartUp);

    @Inject
    TlsConfigurationRegistry registry;
    @Inject
    Event<CertificateUpdatedEvent> certificateUpdated;

    static void saidWhichEngineAtStartUp(List<LogRecord> records) {
        List<String> lines = records.stream().map(LogRecord::getMessage).filter(m -> m.startsWith("HTTPS TLS engine")).toList();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("HTTPS TLS engine: %s (%s)"), lines.get(0)); // the format; its arguments below
        LogRecord line = records.stream().filter(r -> r.getMessage().startsWith("HTTPS TLS engine")).findFirst().orElseThrow();
        assertEquals("openssl", line.getParameters()[0]);
        assertTrue(String.valueOf(line.getParameters()[1]).startsWith("quarkus.bench.server-tls.engine=openssl, BoringSSL"),
                String.valueOf(line.getParameters()[1]));
    }

    static JsonPath run(String json) {
        return given().contentType(ContentType.JSON).body(json.replace('\'', '"')).queryParam("wait", "true")
                .post("/q/bench/runs").then().statusCode(200).extract().jsonPath();
    }

    @Test
    @Order(1)
    void bothEnginesServeTls13AndHttp2() {
        JsonPath openssl = run("{'target':'probe','connections':2,'streams':4,'protocol':'h2','duration':'1s','warmup':'0s',"
                + "'tls':true}");
        JsonPath jdk = run("{'target':'probe','connections':2,'streams':4,'protocol':'h2','duration':'1s','warmup':'0s',"
                + "'tls':true,'serverTlsEngine':'jdk'}");
        for (JsonPath r : List.of(openssl, jdk)) {
            assertEquals("DONE", r.getString("status"), r.prettify());
            assertEquals(0, r.getLong("errors.total"), r.getString("errors"));
            assertTrue(r.getLong("measured.requests") > 50, r.getString("measured"));
            assertEquals("h2", r.getString("transport.protocol"), "ALPN chose h2: " + r.getString("transport"));
            assertEquals("TLSv1.3", r.getString("transport.tlsVersion"));
            assertEquals("EC P-256", r.getString("transport.certificateKeyType"));
            assertEquals("application", r.getString("transport.certificate"));
            assertNotNull(r.getString("transport.keyExchangeGroup"), r.getString("transport"));
        }
        assertEquals("openssl", openssl.getString("transport.serverTlsEngine"), "the application's port");
        assertEquals("jdk", jdk.getString("transport.serverTlsEngine"), "the bench's listener");
        assertNotEquals(openssl.getString("endpoint"), jdk.getString("endpoint"));
        assertTrue(jdk.getString("endpoint").startsWith("https://127.0.0.1:"), jdk.getString("endpoint"));
    }

    /**
     * A connection per request: every handshake the client completes, the server counted, and the same ones resumed
     * (one connection per client slot may complete on one side of the window's edge and not the other). Without
     * resumption neither side resumes any.
     */
    @Test
    @Order(2)
    void eachEngineCountsItsHandshakesAsTheClientDoes() {
        for (String engine : List.of("openssl", "jdk")) {
            JsonPath r = run("{'target':'probe','connections':2,'duration':'2s','warmup':'1s','tls':true,'keepAlive':false,"
                    + "'serverTlsEngine':'" + engine + "'}");
            assertEquals(0, r.getLong("errors.total"), r.getString("errors"));
            long handshakes = r.getLong("transport.handshakes");
            long resumed = r.getLong("transport.resumptions");
            long serverFull = r.getLong("transport.serverFullHandshakes");
            long serverResumed = r.getLong("transport.serverResumedHandshakes");
            assertTrue(handshakes >= 5, r.getString("transport"));
            assertTrue(resumed > handshakes / 2, "the client resumes: " + r.getString("transport"));
            assertTrue(Math.abs(serverFull + serverResumed - handshakes) <= 4, engine + ": " + r.getString("transport"));
            assertTrue(Math.abs(serverResumed - resumed) <= 4, engine + ": " + r.getString("transport"));

            JsonPath full = run("{'target':'probe','connections':2,'duration':'1s','warmup':'0s','tls':true,'keepAlive':false,"
                    + "'resumption':false,'serverTlsEngine':'" + engine + "'}");
            assertEquals(0, full.getLong("errors.total"), full.getString("errors"));
            assertEquals(0, full.getLong("transport.resumptions"), full.getString("transport"));
            assertEquals(0, full.getLong("transport.serverResumedHandshakes"), engine + ": " + full.getString("transport"));
            assertTrue(Math.abs(full.getLong("transport.serverFullHandshakes") - full.getLong("transport.handshakes")) <= 4,
                    engine + ": " + full.getString("transport"));
        }
    }

    /**
     * Each key type the bench makes, each on one of the engines (the other pairs are the same code). Without
     * resumption every handshake is a full one: with it, a one-connection run's only full handshake may complete
     * before the measured window opens, and both sides then rightly count none.
     */
    @Test
    @Order(3)
    void certificatesOfEitherKeyType() {
        for (List<String> pair : List.of(List.of("rsa-2048", "openssl"), List.of("ecdsa-p256", "jdk"))) {
            String certificate = pair.get(0);
            String engine = pair.get(1);
            JsonPath r = run("{'target':'probe','connections':1,'duration':'1s','warmup':'0s','tls':true,'keepAlive':false,"
                    + "'resumption':false,'certificate':'" + certificate + "','serverTlsEngine':'" + engine + "'}");
            assertEquals(0, r.getLong("errors.total"), r.getString("errors"));
            assertEquals(certificate.startsWith("rsa") ? "RSA 2048" : "EC P-256", r.getString("transport.certificateKeyType"));
            assertEquals(certificate, r.getString("transport.certificate"));
            assertEquals(engine, r.getString("transport.serverTlsEngine"));
            assertTrue(r.getLong("transport.serverFullHandshakes") > 0, r.getString("transport"));
            assertEquals(0, r.getLong("transport.serverResumedHandshakes"), r.getString("transport"));
        }
    }

    @Test
    @Order(4)
    void aCompareCrossesServerAndClientEngines() {
        List<String> entries = List.of("tls+server-jdk", "tls+server-openssl", "tls-openssl+server-jdk",
                "tls-openssl+server-openssl");
        JsonPath c = given().contentType(ContentType.JSON)
                .body(Map.of("spec", Map.of("target", "probe", "connections", 2, "duration", "1s", "warmup", "0s"),
                        "transports", entries, "rounds", 1))
                .queryParam("wait", "true").post("/q/bench/compare").then().statusCode(200).extract().jsonPath();
        assertEquals(entries, c.getList("transports"));
        for (Map<String, Object> run : c.<Map<String, Object>> getList("runs")) {
            JsonPath r = given().get("/q/bench/runs/" + run.get("runId")).then().statusCode(200).extract().jsonPath();
            String entry = (String) run.get("model");
            assertEquals(entry.substring(entry.indexOf("server-") + 7), r.getString("transport.serverTlsEngine"), r.getString("transport"));
            assertEquals(entry.startsWith("tls-openssl") ? "openssl" : "jdk", r.getString("transport.tlsEngine"));
            assertEquals(0, r.getLong("errors.total"), r.getString("errors"));
        }
    }

    @Test
    @Order(5)
    void askingWhatCannotBeServedIsRefusedOnItsField() {
        given().contentType(ContentType.JSON).body("{\"target\":\"probe\",\"connections\":1,\"serverTlsEngine\":\"jdk\"}")
                .post("/q/bench/runs").then().statusCode(400).body("field", equalTo("serverTlsEngine"), "reason",
                        containsString("tls"));
        given().contentType(ContentType.JSON).body("{\"target\":\"probe\",\"connections\":1,\"tls\":true,\"serverTlsEngine\":\"nss\"}")
                .post("/q/bench/runs").then().statusCode(400).body("field", equalTo("serverTlsEngine"));
        given().contentType(ContentType.JSON).body("{\"target\":\"probe\",\"connections\":1,\"tls\":true,\"certificate\":\"dsa-1024\"}")
                .post("/q/bench/runs").then().statusCode(400).body("field", equalTo("certificate"), "reason",
                        containsString("ecdsa-p256"));
        given().contentType(ContentType.JSON).body("{\"spec\":{\"target\":\"probe\",\"connections\":1},\"transports\":[\"plain+server-jdk\"]}")
                .post("/q/bench/compare").then().statusCode(400).body("field", equalTo("transports"), "reason",
                        containsString("plain"));
        given().contentType(ContentType.JSON).body("{\"spec\":{\"target\":\"probe\",\"connections\":1},\"transports\":[\"tls+server-nss\"]}")
                .post("/q/bench/compare").then().statusCode(400).body("field", equalTo("transports"), "reason",
                        containsString("server-openssl"));
    }

    /** The registry reloads a new key store (RSA where EC was) and says so: both engines present the new certificate. */
    @Test
    @Order(6)
    void aReloadedCertificateIsServedByBothEngines() {
        Keytool.keyStore(P12, Keytool.RSA_2048);
        TlsConfiguration tls = registry.getDefault().orElseThrow();
        assertTrue(tls.reload(), "the registry read the new key store");
        certificateUpdated.fire(new CertificateUpdatedEvent("<default>", tls));
        for (String engine : List.of("openssl", "jdk")) {
            // the generator trusts the registry's certificate as it is now: the old one would fail every handshake
            JsonPath r = run("{'target':'probe','connections':1,'duration':'1s','warmup':'0s','tls':true,'keepAlive':false,"
                    + "'serverTlsEngine':'" + engine + "'}");
            assertEquals(0, r.getLong("errors.total"), engine + ": " + r.getString("errors"));
            assertEquals("RSA 2048", r.getString("transport.certificateKeyType"), engine);
        }
    }
}
