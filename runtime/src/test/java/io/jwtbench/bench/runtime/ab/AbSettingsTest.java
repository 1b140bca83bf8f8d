package io.jwtbench.bench.runtime.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** scripts/ab.sh's arguments: every bad one is a message naming it, before any process starts. */
class AbSettingsTest {
    static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    static String jar;

    @BeforeAll
    static void aJar() throws Exception {
        jar();
    }

    /** A file named like a build's jar (the check starts nothing here). */
    static synchronized String jar() throws Exception {
        if (jar == null) {
            Path dir = Files.createDirectories(Path.of("target", "ab-settings"));
            jar = Files.write(dir.resolve("quarkus-run.jar"), new byte[] { 'P', 'K' }).toString();
        }
        return jar;
    }

    static String message(String... args) {
        return assertThrows(AbException.class, () -> AbSettings.parse(args, NOW)).getMessage();
    }

    @Test
    void theDefaults() {
        AbSettings s = AbSettings.parse(new String[] { jar, jar, "--work=/tmp/w" }, NOW);
        assertEquals("{\"target\":\"jwt\"}", s.spec().toString());
        assertEquals(PairOrder.Mode.SIMULTANEOUS, s.order().mode());
        assertEquals(NOW.plus(Duration.ofMinutes(6)), s.deadline());
        assertEquals(5, s.tolerancePercent());
        assertEquals(10, s.latencyTolerancePercent());
        assertEquals(0, s.injection().micros(100));
        assertEquals(Duration.ofSeconds(5), s.segment());
        assertEquals("auto", s.warmup());
        assertEquals(NOW.toEpochMilli(), s.order().seed());
    }

    @Test
    void theOptions() {
        AbSettings s = AbSettings.parse(new String[] { jar, jar, "{\"target\":\"jwt\",\"rate\":2000}", "--mode=interleaved",
                "--budget=10m", "--tolerance=3", "--inject=5%", "--seed=42", "--warmup=20s", "--java-opts=-Xmx1g -Xss1m",
                "--new-java-opts=-XX:+UseSerialGC" }, NOW);
        assertEquals(2000, s.spec().path("rate").asInt());
        assertEquals(PairOrder.Mode.INTERLEAVED, s.order().mode());
        assertEquals(42, s.order().seed());
        assertEquals(3, s.tolerancePercent());
        assertEquals(4, s.injection().micros(80), "5 % of 80 µs");
        assertEquals(1, s.injection().micros(3), "at least 1 µs");
        assertEquals(6, AbSettings.Injection.parse("6us").micros(1000));
        assertEquals(List.of("-Xmx1g", "-Xss1m"), s.baseJavaOptions());
        assertEquals(List.of("-Xmx1g", "-Xss1m", "-XX:+UseSerialGC"), s.currentJavaOptions());
    }

    @Test
    void oneBuildSavedHeldAgainstABaselineOrBoth() throws Exception {
        Path baseline = Files.writeString(Path.of("target", "ab-settings", "base.json"), "{}");
        AbSettings both = AbSettings.parse(new String[] { jar, "--save=target/next.json", "--against=" + baseline, "--inject=10%" },
                NOW);
        assertEquals(null, both.baseJar(), "one build");
        assertEquals(Path.of("target/next.json"), both.saveTo());
        assertEquals(baseline, both.against());
        assertEquals(null, both.spec(), "the baseline's");
        assertEquals(8, both.injection().micros(80), "a share of the launch's own CPU per request");
        assertEquals(3, both.launches());
        assertTrue(message(jar, jar, "{}", "--save=x.json").startsWith("usage: ab.sh JAR [SPEC] with SAVE=file or AGAINST=file"));
        assertTrue(message(jar, "--against=target/none.json").startsWith("AGAINST target/none.json cannot be read"));
    }

    @Test
    void badInputIsNamed() {
        assertEquals("usage: ab.sh BASE NEW [SPEC]: two builds' quarkus-run.jar and a run spec", message(jar));
        assertTrue(message("nope.jar", jar).startsWith("BASE nope.jar is not a jar file"));
        assertTrue(message(jar, "pom.xml").startsWith("NEW pom.xml is not a jar file"));
        assertEquals("SPEC must be a JSON object such as {\"target\":\"jwt\"}, got [1]", message(jar, jar, "[1]"));
        assertEquals("BUDGET 30s is too short for one pair: starting and warming up both builds alone takes about 40s",
                message(jar, jar, "--budget=30s"));
        assertEquals("MODE must be simultaneous or interleaved, got both", message(jar, jar, "--mode=both"));
        assertEquals("TOLERANCE must be a number from 0.1 to 100, got 0", message(jar, jar, "--tolerance=0"));
        assertTrue(message(jar, jar, "--inject=5").startsWith("INJECT must be a share of BASE's CPU per request (\"5%\")"));
        assertEquals("WARMUP must be auto or a duration such as 20s, got later", message(jar, jar, "--warmup=later"));
        assertTrue(message(jar, jar, "--speed=2").startsWith("unknown option --speed=2"));
    }
}
