package io.jwtbench.bench.runtime.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import io.jwtbench.bench.runtime.analysis.PairedVerdict;

/** The summary's last line is the verdict, with the component that grew; the JUnit XML fails a regression. */
class AbTextTest {

    /** Pairs where NEW burns {@code burnUs} more in an "injected slowdown" component, with some noise; 1 µs unsampled each. */
    static AbResult result(double burnUs, String mode) throws Exception {
        AbSettings settings = AbSettings.parse(new String[] { AbSettingsTest.jar(), AbSettingsTest.jar(), "--mode=" + mode,
                "--seed=1" }, Instant.parse("2026-11-27T10:00:00Z"));
        List<PairedCheck.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double noise = 0.2 * ((i * 7) % 5 - 2);
            pairs.add(new PairedCheck.Pair(settings.order().label(i),
                    Segment.of("BASE", SegmentTest.report(10_000, 0, "network I/O", String.valueOf(0.5 + noise / 100), "load generator", "0.3",
                            "unsampled threads", "0.01")),
                    Segment.of("NEW", SegmentTest.report(10_000, 0, "network I/O", String.valueOf(0.5 + noise / 100 + 0.001),
                            "injected slowdown", String.valueOf(burnUs / 100), "load generator", "0.2", "unsampled threads", "0.01"))));
        }
        PairedVerdict.Plan plan = PairedVerdict.Plan.of(10, 4, 1);
        var metrics = List.of(new PairedVerdict.Metric("CPU/request", true, 5, true), new PairedVerdict.Metric("p99", true, 10, false));
        PairedVerdict.Result verdict = PairedVerdict.at(plan, metrics, PairedCheck.worse(metrics, pairs), false);
        return new AbResult(settings, "4900 req/s", plan, pairs, verdict, (int) burnUs, Duration.ofSeconds(154), "a test machine");
    }

    @Test
    void aRegressionNamesTheComponentThatGrewOnItsLastLine() throws Exception {
        AbResult r = result(15, "interleaved");
        assertEquals(PairedVerdict.Outcome.REGRESSED, r.verdict().outcome());
        assertEquals(1, r.exitCode());
        String summary = AbText.summary(r);
        String[] lines = summary.split("\n");
        String last = lines[lines.length - 1];
        assertTrue(last.startsWith("verdict: REGRESSED: CPU/request +"), last);
        assertTrue(last.endsWith("(10 pairs, interleaved, 2m34s); most CPU growth in injected slowdown (+15.0 µs/request)"), last);
        assertTrue(summary.contains("CPU by component, NEW against BASE over all pairs (µs/request): injected slowdown +15.0 (0.0 → 15.0),"
                + " network I/O +0.1"), summary);
        assertTrue(!summary.contains("load generator"), "the generator is not the service's CPU");

        Document junit = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(AbText.junit(r).getBytes(StandardCharsets.UTF_8)));
        assertEquals("1", junit.getDocumentElement().getAttribute("failures"));
        assertEquals("2", junit.getDocumentElement().getAttribute("tests"));
        assertEquals(1, junit.getElementsByTagName("failure").getLength());
    }

    @Test
    void noChangeIsAPassAndTheCsvHasARowPerBuildAndPair() throws Exception {
        AbResult r = result(0, "simultaneous");
        assertEquals(PairedVerdict.Outcome.PASS, r.verdict().outcome(), AbText.summary(r));
        assertEquals(0, r.exitCode());
        String[] lines = AbText.summary(r).split("\n");
        assertTrue(lines[lines.length - 1].startsWith("verdict: PASS: CPU/request "), lines[lines.length - 1]);
        assertTrue(lines[lines.length - 1].contains("rules out a slowdown of 5 % (10 pairs, simultaneous, 2m34s)"));
        String[] csv = AbText.pairsCsv(r).split("\n");
        assertEquals(1 + 2 * 10, csv.length);
        assertTrue(csv[1].startsWith("1,A+B,BASE,run1,10000,2000.0,0.2000,3.5000,"), csv[1]);
        List<String> header = List.of(csv[0].split(","));
        assertEquals("1.000", csv[1].split(",")[header.indexOf("unsampled_us")], csv[0] + "\n" + csv[1]);
    }

    @Test
    void cannotJudgeIsOneSkippedCase() throws Exception {
        Document junit = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(AbText.junitError("BASE exited <1> & died").getBytes(StandardCharsets.UTF_8)));
        assertEquals("1", junit.getDocumentElement().getAttribute("skipped"));
        assertEquals("cannot judge: BASE exited <1> & died",
                ((org.w3c.dom.Element) junit.getElementsByTagName("skipped").item(0)).getAttribute("message"));
    }
}
