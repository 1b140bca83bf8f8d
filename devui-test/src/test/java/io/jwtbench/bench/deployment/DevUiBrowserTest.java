package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import javax.imageio.ImageIO;

import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusDevModeTest;
import io.restassured.RestAssured;

/**
 * The bench's Dev UI card in a real browser against an application in dev mode: from the extensions page to the
 * card's page, a bad spec refused by field, a run started from its form, its live line while it goes, its row and HTML
 * report once done, then two runs held against each other (the regression's summary). Screenshots stay in {@code target/dev-ui-screenshots/}.
 * Skipped when Chromium is not installed ({@code .ci/run} installs it).
 */
class DevUiBrowserTest {

    /** A port free now: the dev-mode application gets it (it does not tell the test a random one). */
    static final int PORT = freePort();

    @RegisterExtension
    static final QuarkusDevModeTest app = new QuarkusDevModeTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class)
                    .addAsResource(new StringAsset("quarkus.http.port=" + PORT + "\n"), "application.properties"));

    static final Duration PAGE = Duration.ofSeconds(60);
    /** The page's component, its shadow root. */
    static final String PAGE_ROOT = "deep('qwc-bench-runs')?.shadowRoot";

    @Test
    void theCardStartsARunFollowsItAndComparesTwo() throws Exception {
        Optional<String> chromium = ReportBrowserTest.chromium();
        Assumptions.assumeTrue(chromium.isPresent(), "chromium is not installed: skipping the Dev UI check (.ci/run installs it)");
        Path dir = Path.of("target", "dev-ui-screenshots").toAbsolutePath();
        Files.createDirectories(dir);
        RestAssured.port = PORT;
        String base = "http://localhost:" + PORT;

        try (Browser browser = Browser.start(chromium.get(), 1400, 1000)) {
            browser.navigate(base + "/q/dev-ui/extensions");
            String page = browser.await("the bench card's link on the extensions page", "deep('a[href*=\"bench-runs\"]')?.href",
                    PAGE).asText();
            browser.screenshot(dir.resolve("extensions.png"));
            browser.navigate(page);
            browser.await("the bench page's form and its targets", PAGE_ROOT + "?.querySelector('select option[value=probe]')",
                    PAGE);

            // a spec the API refuses (the browser itself refuses numbers out of range): the field and why
            browser.evaluate("{ const form = " + PAGE_ROOT + ".querySelector('form');"
                    + " form.elements.namedItem('duration').value = 'forever'; " + PAGE_ROOT + ".querySelector('#start').click(); }");
            String error = browser.await("the form's error", PAGE_ROOT + ".querySelector('#error')?.textContent", PAGE).asText();
            assertTrue(error.startsWith("duration: "), error);

            String first = start(browser, "2s");
            String live = browser.await("the live line while the run goes", PAGE_ROOT + ".querySelector('#live')?.textContent",
                    PAGE).asText();
            assertTrue(live.startsWith("run " + first + " "), live);
            browser.screenshot(dir.resolve("running.png"));
            browser.await("the run's end on the live line", PAGE_ROOT + ".querySelector('#live')?.textContent.includes('DONE:')",
                    PAGE);
            browser.await("its row, DONE (the list is read again when the run ends)", PAGE_ROOT
                    + ".querySelector('tr[data-id=\"" + first + "\"] .status')?.textContent === 'DONE'", PAGE);
            String report = browser.evaluate(PAGE_ROOT + ".querySelector('tr[data-id=\"" + first + "\"] a.report').href")
                    .asText();
            assertTrue(given().get(report).then().statusCode(200).extract().asString().contains("<svg"),
                    "the row's report link opens the run's HTML report: " + report);

            String second = start(browser, "2s");
            browser.await("the second run's end", PAGE_ROOT + ".querySelector('tr[data-id=\"" + second
                    + "\"] .status')?.textContent === 'DONE'", PAGE);
            browser.evaluate("for (const id of ['" + first + "', '" + second + "']) { const box = " + PAGE_ROOT
                    + ".querySelector('tr[data-id=\"' + id + '\"] input[type=checkbox]'); box.checked = true;"
                    + " box.dispatchEvent(new Event('change')); }");
            browser.await("the compare button enabled", PAGE_ROOT + ".querySelector('#compare').disabled === false", PAGE);
            assertTrue(browser.evaluate(PAGE_ROOT + ".querySelector('#overlay').href").asText()
                    .endsWith("/q/bench/report.html?runs=" + first + "," + second), "the overlaid report of the two");
            browser.evaluate(PAGE_ROOT + ".querySelector('#compare').click()");
            String verdict = browser.await("the regression", PAGE_ROOT + ".querySelector('#regression')?.textContent", PAGE).asText();
            assertTrue(verdict.matches("(?s)(no significant difference from|faster than|slower than|inconclusive against|not judged against) baseline " + first
                    + " \\(95 % confidence.*"), "the older run is the baseline: " + verdict);
            Path shot = dir.resolve("compared.png");
            browser.screenshot(shot);
            BufferedImage png = ImageIO.read(shot.toFile());
            assertEquals(1400, png.getWidth());
            assertTrue(ReportBrowserTest.distinctColors(png) > 8, "a blank page: see " + shot);
        }
    }

    /** Fills the form (the probe target, 2 connections, no warm-up) and starts; the new run's id from its live line. */
    private static String start(Browser browser, String duration) throws Exception {
        String before = browser.evaluate(PAGE_ROOT + ".querySelector('#live')?.textContent ?? ''").asText();
        browser.evaluate("{ const form = " + PAGE_ROOT + ".querySelector('form');"
                + " const set = (name, value) => form.elements.namedItem(name).value = value;"
                + " set('target', 'probe'); set('connections', '2'); set('rate', ''); set('duration', '" + duration + "');"
                + " set('warmup', '0s');"
                + PAGE_ROOT + ".querySelector('#start').click(); }");
        String live = browser.await("a new run on the live line", "(() => { const t = " + PAGE_ROOT
                + ".querySelector('#live')?.textContent ?? ''; return t !== " + quoted(before) + " && t.startsWith('run ') ? t : ''; })()",
                PAGE).asText();
        return live.split(" ")[1];
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String quoted(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
