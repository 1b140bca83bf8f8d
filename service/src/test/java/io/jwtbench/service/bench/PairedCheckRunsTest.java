package io.jwtbench.service.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import io.jwtbench.bench.runtime.ab.AbResult;
import io.jwtbench.bench.runtime.ab.AbSettings;
import io.jwtbench.bench.runtime.ab.AbText;
import io.jwtbench.bench.runtime.ab.BenchClient;
import io.jwtbench.bench.runtime.ab.PairedCheck;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Outcome;
import io.jwtbench.service.testing.LocalIdp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * scripts/ab.sh's check, its statistics and its reading of real reports, against this one service standing for
 * both builds (interleaved pairs: one run at a time): the same build is not called REGRESSED, and a slowdown of
 * 25 % of its CPU per request, burned by the injector on NEW's runs only, is REGRESSED with the burner's component
 * named. Opt-in ({@code -Dab.check=true}, about 3 minutes): a verdict needs pairs, and on a machine busy enough the
 * pairs of 1 s segments this test can afford say INCONCLUSIVE, rightly. The same check of two JVMs of the packaged
 * jar is {@code N=1 KINDS="none 25%" scripts/ab-rates.sh} (docs/regression.md).
 */
@EnabledIfSystemProperty(named = "ab.check", matches = "true")
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
@Tag("timing")
class PairedCheckRunsTest {
    static final String SPEC = "{\"target\":\"jwt\",\"tokens\":10,\"duration\":\"1s\",\"warmup\":\"0s\"}";

    @TestHTTPResource("/")
    URI service;

    AbResult check(String inject, StringBuilder log) throws Exception {
        Path jar = Files.createDirectories(Path.of("target", "paired-check")).resolve("quarkus-run.jar");
        Files.write(jar, new byte[] { 'P', 'K' }); // named only: this check starts no process
        AbSettings settings = AbSettings.parse(new String[] { jar.toString(), jar.toString(), SPEC, "--mode=interleaved",
                "--budget=90s", "--warmup=2s", "--inject=" + inject, "--seed=35" }, Instant.now());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AbResult result = new PairedCheck(new BenchClient("BASE", service), new BenchClient("NEW", service), settings,
                new PrintStream(out, true, StandardCharsets.UTF_8)).run();
        log.append(out.toString(StandardCharsets.UTF_8)).append(AbText.summary(result));
        return result;
    }

    @Test
    void theSameBuildIsNotRegressedAndAnInjectedQuarterIsWithItsComponentNamed() throws Exception {
        StringBuilder same = new StringBuilder();
        AbResult aa = check("none", same);
        assertNotEquals(Outcome.REGRESSED, aa.verdict().outcome(), same.toString());
        assertTrue(aa.pairs().size() >= 8, same.toString());

        StringBuilder slowed = new StringBuilder();
        AbResult injected = check("25%", slowed);
        String what = slowed.toString();
        assertEquals(Outcome.REGRESSED, injected.verdict().outcome(), what);
        assertEquals(1, injected.exitCode());
        assertTrue(injected.injectedUs() > 0, what);
        assertTrue(injected.burnedUs() >= injected.injectedUs(), what);
        assertEquals("injected slowdown", injected.components().get(0).component(), what);
        String last = what.strip().substring(what.strip().lastIndexOf('\n') + 1);
        assertTrue(last.startsWith("verdict: REGRESSED: CPU/request +") && last.contains("most CPU growth in injected slowdown"),
                last);
    }
}
