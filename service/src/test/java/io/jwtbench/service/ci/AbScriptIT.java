package io.jwtbench.service.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import io.jwtbench.service.testing.ServicePod;

/**
 * {@code scripts/ab.sh} against the packaged jar (after {@code package}), for what it must refuse: each case a
 * clear message on the last line ({@code verdict: cannot judge: ...}), exit 2, and none of the builds it started
 * still running. Stopped from outside (TERM), it stops them too. The cases that need a warm-up first (errors in
 * the answers, builds that read the spec differently, a rate above capacity) take a minute each: opt-in,
 * {@code -Dab.check=true}. And the packaged service refuses the slowdown injector unless started with it.
 */
class AbScriptIT {
    static final Path SCRIPT = Path.of("..", "scripts", "ab.sh").toAbsolutePath().normalize();
    static final Path JAR = Path.of(System.getProperty("quarkus.app.jar", "target/quarkus-app/quarkus-run.jar")).toAbsolutePath();
    static final Pattern LOGS = Pattern.compile("ab: the builds' logs are in (\\S+)");

    record Outcome(int exit, String out) {
        String last() {
            String[] lines = out.strip().split("\n");
            return lines[lines.length - 1];
        }

        /** The pids ab.sh started, from the work directory it keeps after an exit 2. */
        List<Long> pids() throws IOException {
            Matcher m = LOGS.matcher(out);
            if (!m.find() || !Files.exists(Path.of(m.group(1), "pids"))) {
                return List.of();
            }
            return Files.readAllLines(Path.of(m.group(1), "pids")).stream().map(Long::parseLong).toList();
        }

        void assertNothingLeftRunning() throws IOException {
            for (long pid : pids()) {
                assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "pid " + pid + " still runs\n" + out);
            }
        }
    }

    static Outcome ab(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), out);
        return new Outcome(p.exitValue(), out);
    }

    static void assertCannotJudge(Outcome o, String because) throws IOException {
        assertEquals(2, o.exit(), o.out());
        assertTrue(o.last().startsWith("verdict: cannot judge: "), "the last line is the verdict:\n" + o.out());
        assertTrue(o.out().contains("verdict: cannot judge: " + because), "expected \"" + because + "\" in\n" + o.out());
        o.assertNothingLeftRunning();
    }

    @Test
    void badInputIsRefusedBeforeAnythingStarts() throws Exception {
        Outcome short_ = ab(Map.of("BUDGET", "30s"), JAR.toString(), JAR.toString());
        assertCannotJudge(short_, "BUDGET 30s is too short for one pair");
        assertTrue(short_.last().startsWith("verdict: cannot judge:"), short_.out());

        Path notAJar = Files.writeString(Files.createTempFile("ab", ".jar"), "not a jar");
        Outcome neither = ab(Map.of(), notAJar.toString(), notAJar.toString());
        assertCannotJudge(neither, "none of " + notAJar + " " + notAJar + " is a jwt-bench build's quarkus-run.jar");

        assertCannotJudge(ab(Map.of(), JAR.toString(), JAR.toString(), "{\"target\":\"jwt\",\"baseline\":\"x\"}"),
                "SPEC: \"baseline\" has no place here");
        assertCannotJudge(ab(Map.of("INJECT", "5"), JAR.toString(), JAR.toString()), "INJECT must be a share");
    }

    @Test
    void aBaseThatIsNotThisServiceOrDoesNotStartIsNamedWithTheEndOfItsLog() throws Exception {
        Path probeJar;
        try (var files = Files.list(JAR.getParent().resolve("lib/main"))) {
            probeJar = files.filter(f -> f.getFileName().toString().startsWith("io.jwtbench.bench-probe-")).findFirst().orElseThrow();
        }
        Outcome notService = ab(Map.of(), probeJar.toString(), JAR.toString());
        assertCannotJudge(notService, "BASE exited with code 1 before it was ready: is it a jwt-bench build's quarkus-run.jar?");
        assertTrue(notService.out().contains("no main manifest attribute"), notService.out());
        assertEquals(2, notService.pids().size(), "both were started, both stopped: " + notService.out());

        Outcome broken = ab(Map.of("BASE_JAVA_OPTS", "-Djwt.crypto.provider=nonsense"), JAR.toString(), JAR.toString());
        assertCannotJudge(broken, "BASE exited with code 1 before it was ready");
    }

    @Test
    void stoppedFromOutsideItStopsBothBuilds() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", SCRIPT.toString(), JAR.toString(), JAR.toString()).redirectErrorStream(true);
        Process p = pb.start();
        StringBuilder out = new StringBuilder();
        var reader = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        int ready = 0;
        while (ready < 2 && (line = reader.readLine()) != null) {
            out.append(line).append('\n');
            ready += line.matches("ab: (BASE|NEW) ready at .*") ? 1 : 0;
        }
        assertEquals(2, ready, out.toString());
        p.toHandle().destroy(); // TERM, as a CI job's timeout sends it
        StringBuilder rest = new StringBuilder();
        while ((line = reader.readLine()) != null) {
            rest.append(line).append('\n');
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out.toString() + rest);
        Outcome o = new Outcome(p.exitValue(), out.toString() + rest);
        assertEquals(2, o.exit(), o.out());
        assertTrue(o.last().startsWith("verdict: cannot judge: stopped by SIGTERM before a verdict"), o.out());
        List<Long> pids = o.pids();
        assertEquals(2, pids.size(), o.out());
        o.assertNothingLeftRunning();
    }

    @Test
    @EnabledIfSystemProperty(named = "ab.check", matches = "true")
    void errorsADifferentReadingOfTheSpecAndARateAboveCapacityAreRefused() throws Exception {
        Map<String, String> quick = Map.of("WARMUP", "1s", "BUDGET", "2m");
        Outcome errors = ab(with(quick, "BASE_JAVA_OPTS", "-Djwt.max-token-size=100"), JAR.toString(), JAR.toString());
        assertCannotJudge(errors, "BASE answered errors: ");

        Outcome differently = ab(with(quick, "NEW_JAVA_OPTS", "-Dquarkus.bench.request-timeout=5s"), JAR.toString(), JAR.toString());
        assertCannotJudge(differently, "the two builds read the spec differently: ");
        assertTrue(differently.last().contains("timeout: BASE \"10s\", NEW \"5s\""), differently.out());

        Outcome tooFast = ab(quick, JAR.toString(), JAR.toString(), "{\"target\":\"jwt\",\"rate\":190000}");
        assertCannotJudge(tooFast, "the rate 190000 req/s is above what both builds sustain here");
    }

    static Map<String, String> with(Map<String, String> env, String name, String value) {
        Map<String, String> more = new java.util.HashMap<>(env);
        more.put(name, value);
        return more;
    }

    /** In production the injector is off: a spec asking for it is refused on its field, with what to do. */
    @Test
    void thePackagedServiceRefusesTheSlowdownInjector() throws Exception {
        try (ServicePod pod = ServicePod.start("no-injector", List.of("-Dquarkus.bench.security.enabled=false",
                "-Dquarkus.bench.smoke.enabled=false"))) {
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> answer = null;
            for (int i = 0; i < 240 && answer == null; i++) {
                try {
                    answer = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + pod.port + "/q/bench/runs"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"target\":\"jwt\",\"rate\":10,\"duration\":\"1s\",\"slowdownUs\":5}"))
                            .build(), HttpResponse.BodyHandlers.ofString());
                } catch (IOException notYetListening) {
                    Thread.sleep(250);
                }
            }
            assertEquals(400, answer.statusCode(), answer.body());
            assertTrue(answer.body().contains("\"field\":\"slowdownUs\""), answer.body());
            assertTrue(answer.body().contains("start the service with jwt.bench.slowdown-injection=true"), answer.body());
        }
    }
}
