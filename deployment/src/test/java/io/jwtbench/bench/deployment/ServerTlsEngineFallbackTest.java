package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.logging.LogRecord;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * {@code auto} with a certificate BoringSSL cannot use (Ed448): the JDK's engine serves it, one start-up line says
 * why; a run asking for the OpenSSL server engine is refused on {@code serverTlsEngine} with BoringSSL's reason, and,
 * with the bench's loopback listeners off, one asking for another certificate is refused on {@code certificate}.
 */
class ServerTlsEngineFallbackTest {
    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class, Keytool.class))
            .overrideConfigKey("quarkus.http.test-port", "0")
            .overrideConfigKey("quarkus.http.test-ssl-port", "0")
            .overrideConfigKey("quarkus.tls.key-store.p12.path",
                    Keytool.keyStore(Path.of("target", "server-tls-fallback-test", "ed448.p12"), Keytool.ED448).toAbsolutePath()
                            .toString())
            .overrideConfigKey("quarkus.tls.key-store.p12.password", Keytool.PASSWORD)
            .overrideConfigKey("quarkus.bench.server-tls.bench-listeners", "false")
            .setLogRecordPredicate(r -> r.getLoggerName().startsWith("io.jwtbench.bench.runtime.server"))
            .assertLogRecords(ServerTlsEngineFallbackTest::saidWhy);

    static void saidWhy(List<LogRecord> records) {
        List<LogRecord> lines = records.stream().filter(r -> r.getMessage().startsWith("HTTPS TLS engine")).toList();
        assertEquals(1, lines.size(), lines.toString());
        assertEquals("jdk", lines.get(0).getParameters()[0]);
        String why = String.valueOf(lines.get(0).getParameters()[1]);
        assertTrue(why.startsWith("quarkus.bench.server-tls.engine=auto falls back to the JDK's engine: BoringSSL cannot"
                + " serve this certificate and key: "), why);
    }

    @Test
    void theJdkServesWhatBoringSslCannot() {
        JsonPath r = given().contentType(ContentType.JSON)
                .body("{'target':'probe','connections':1,'duration':'1s','warmup':'0s','tls':true}".replace('\'', '"'))
                .queryParam("wait", "true").post("/q/bench/runs").then().statusCode(200).extract().jsonPath();
        assertEquals(0, r.getLong("errors.total"), r.getString("errors"));
        assertEquals("jdk", r.getString("transport.serverTlsEngine"));
        // the key is read from a completed handshake: a run that completed none has none to report
        assertTrue(r.getLong("transport.handshakes") > 0, "no handshake completed in the run: " + r.getString("transport"));
        assertEquals("Ed448", r.getString("transport.certificateKeyType"), r.getString("transport"));

        given().contentType(ContentType.JSON).body("{\"target\":\"probe\",\"connections\":1,\"tls\":true,\"serverTlsEngine\":\"openssl\"}")
                .post("/q/bench/runs").then().statusCode(400).body("field", equalTo("serverTlsEngine"), "reason",
                        containsString("BoringSSL cannot serve this certificate"));
        given().contentType(ContentType.JSON).body("{\"target\":\"probe\",\"connections\":1,\"tls\":true,\"certificate\":\"rsa-2048\"}")
                .post("/q/bench/runs").then().statusCode(400).body("field", equalTo("certificate"), "reason",
                        containsString("quarkus.bench.server-tls.bench-listeners=false"));
        given().contentType(ContentType.JSON).body("{\"spec\":{\"target\":\"probe\",\"connections\":1,\"duration\":\"1s\"},"
                + "\"transports\":[\"tls\",\"tls+server-openssl\"]}").post("/q/bench/compare").then().statusCode(400)
                .body("field", equalTo("transports"), "reason", containsString("tls+server-openssl"));
    }
}
