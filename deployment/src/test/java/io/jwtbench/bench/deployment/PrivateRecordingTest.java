package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;

import jakarta.inject.Inject;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.jwtbench.bench.runtime.jfr.JfrRuns;
import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/**
 * A run's raw recording holds JFR's default profile but none of the process' configuration: not the
 * value of an environment variable or a system property the test JVM was started with (set in this
 * module's pom), not even when another recording in the JVM asks JFR for those events meanwhile. The
 * file is the owner's only.
 */
class PrivateRecordingTest {
    static final String ENV_SECRET = "env-secret-7f3a91";
    static final String PROPERTY_SECRET = "property-secret-2c5e08";

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withEmptyApplication()
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Inject
    JfrRuns jfrRuns;

    @Test
    void theRecordingHoldsNoSecretsAndOnlyItsOwnerReadsIt() throws Exception {
        assertEquals(ENV_SECRET, System.getenv("BENCH_TEST_SECRET"), "run through Maven: the pom sets the secrets");
        assertEquals(PROPERTY_SECRET, System.getProperty("bench.test.secret"));
        String id;
        // another recording that wants the secrets: JFR then emits them into every chunk
        try (Recording greedy = new Recording()) {
            greedy.enable("jdk.InitialEnvironmentVariable");
            greedy.enable("jdk.InitialSystemProperty");
            greedy.enable("jdk.JVMInformation");
            greedy.start();
            id = given().contentType(ContentType.JSON).queryParam("wait", "true")
                    .body("{\"target\":\"health\",\"connections\":2,\"duration\":\"1500ms\",\"jfr\":true}")
                    .post("/q/bench/runs").then().statusCode(200).extract().path("id");
        }
        byte[] bytes = given().get("/q/bench/runs/" + id + "/recording.jfr").then().statusCode(200)
                .extract().asByteArray();
        Path copy = Files.createTempFile("recording", ".jfr");
        try {
            Files.write(copy, bytes);
            Set<String> types = new HashSet<>();
            try (RecordingFile file = new RecordingFile(copy)) {
                while (file.hasMoreEvents()) {
                    RecordedEvent event = file.readEvent();
                    types.add(event.getEventType().getName());
                    String text = event.toString();
                    assertFalse(text.contains(ENV_SECRET) || text.contains(PROPERTY_SECRET), text);
                }
            }
            assertTrue(types.contains("jdk.CPULoad"), "JFR's default profile is recorded: " + types);
            for (String withheld : new String[] { "jdk.InitialEnvironmentVariable", "jdk.InitialSystemProperty",
                    "jdk.JVMInformation", "jdk.SystemProcess", "jdk.ContainerConfiguration" }) {
                assertFalse(types.contains(withheld), withheld + " in " + types);
            }
            String raw = new String(bytes, StandardCharsets.ISO_8859_1);
            assertFalse(raw.contains(ENV_SECRET), "the environment variable's value is in the file");
            assertFalse(raw.contains(PROPERTY_SECRET), "the system property's value is in the file");
        } finally {
            Files.delete(copy);
        }

        Path kept = jfrRuns.recording(id).orElseThrow();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(kept)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(kept.getParent())));
    }
}
