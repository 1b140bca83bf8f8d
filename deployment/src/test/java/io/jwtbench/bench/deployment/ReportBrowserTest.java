package io.jwtbench.bench.deployment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusExtensionTest;
import io.restassured.http.ContentType;

/**
 * The HTML reports in a real browser: saved to a file (so nothing can come from the server but the
 * page itself), rendered by headless Chromium to a PNG, and the PNG checked for the charts' colours.
 * Skipped when Chromium is not installed ({@code .ci/run} installs it). Screenshots stay in
 * {@code target/report-screenshots/}.
 */
class ReportBrowserTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class))
            .overrideConfigKey("quarkus.http.test-port", "0"); // other builds may hold 8081

    /** The series colours of the charts (SvgChart.PALETTE): blue, red, green. */
    static final int[][] COLORS = { { 0x1f, 0x77, 0xb4 }, { 0xd6, 0x27, 0x28 }, { 0x2c, 0xa0, 0x2c } };

    @Test
    void runAndSweepReportsDrawTheirCharts() throws Exception {
        Optional<String> chromium = chromium();
        Assumptions.assumeTrue(chromium.isPresent(),
                "chromium is not installed: skipping the browser check of the HTML reports (.ci/run installs it)");
        Path dir = Path.of("target", "report-screenshots").toAbsolutePath();
        Files.createDirectories(dir);

        String run = given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{\"target\":\"probe\",\"rate\":500,\"connections\":2,\"duration\":\"2s\"}").post("/q/bench/runs")
                .then().statusCode(200).extract().jsonPath().getString("id");
        String sweep = given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{\"target\":\"probe\",\"connections\":[1,2,4,8],\"duration\":\"400ms\",\"warmup\":\"0s\",\"pause\":\"50ms\"}")
                .post("/q/bench/sweeps").then().statusCode(200).extract().jsonPath().getString("id");

        BufferedImage runPng = screenshot(chromium.get(), dir, "run",
                given().get("/q/bench/runs/" + run + "/report.html").then().statusCode(200).extract().asString(), 1400, 1100);
        BufferedImage sweepPng = screenshot(chromium.get(), dir, "sweep",
                given().get("/q/bench/sweeps/" + sweep + "/report.html").then().statusCode(200).extract().asString(), 1400,
                1900);
        for (BufferedImage png : List.of(runPng, sweepPng)) {
            for (int[] c : COLORS) {
                int n = count(png, c);
                assertTrue(n > 300, String.format("colour #%02x%02x%02x drawn on only %d pixels", c[0], c[1], c[2], n));
            }
            assertTrue(distinctColors(png) > 20, "a blank or one-colour page");
        }
    }

    /** The run page's CPU profile: its icicle drawn, frames no rule names in grey, components in colour. */
    @Test
    void profileIcicleRenders() throws Exception {
        Optional<String> chromium = chromium();
        Assumptions.assumeTrue(chromium.isPresent(), "chromium is not installed: skipping the browser check of the icicle");
        Path dir = Path.of("target", "report-screenshots").toAbsolutePath();
        Files.createDirectories(dir);
        String run = given().contentType(ContentType.JSON).queryParam("wait", "true")
                .body("{\"target\":\"probe\",\"connections\":2,\"duration\":\"2s\"}").post("/q/bench/runs")
                .then().statusCode(200).extract().jsonPath().getString("id");
        String html = given().get("/q/bench/runs/" + run + "/report.html").then().statusCode(200).extract().asString();
        int profile = html.indexOf("<h2>Where the CPU goes");
        assertTrue(profile > 0 && html.indexOf("class=\"chart icicle\"", profile) > 0, "the page has the profile and its icicle");
        // the page from its head to the profile only, so the icicle is in the window
        String page = html.substring(0, html.indexOf("<body>") + "<body>".length()) + html.substring(profile);
        BufferedImage png = screenshot(chromium.get(), dir, "icicle", page, 1400, 1400);
        int grey = count(png, new int[] { 0xd0, 0xd0, 0xd0 });
        assertTrue(grey > 2000, "the unnamed frames (Thread.run, ...) drawn grey on only " + grey + " pixels");
        assertTrue(distinctColors(png) > 8, "components in their colours");
    }

    private static BufferedImage screenshot(String chromium, Path dir, String name, String html, int width, int height)
            throws IOException, InterruptedException {
        Path page = dir.resolve(name + ".html");
        Path png = dir.resolve(name + ".png");
        Files.writeString(page, html);
        Files.deleteIfExists(png);
        Path profile = Files.createTempDirectory("chromium-profile");
        try {
            List<String> cmd = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile,
                    "--screenshot=" + png, "--window-size=" + width + "," + height, page.toUri().toString()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(dir.resolve(name + "-chromium.log").toFile()).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "chromium did not finish within 60 s");
            assertEquals(0, p.exitValue(), "chromium failed, see " + dir.resolve(name + "-chromium.log"));
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(width, image.getWidth());
        return image;
    }

    private static int count(BufferedImage png, int[] c) {
        int n = 0;
        for (int y = 0; y < png.getHeight(); y++) {
            for (int x = 0; x < png.getWidth(); x++) {
                int rgb = png.getRGB(x, y);
                if (Math.abs((rgb >> 16 & 0xff) - c[0]) < 24 && Math.abs((rgb >> 8 & 0xff) - c[1]) < 24
                        && Math.abs((rgb & 0xff) - c[2]) < 24) {
                    n++;
                }
            }
        }
        return n;
    }

    static int distinctColors(BufferedImage png) {
        Set<Integer> colors = new HashSet<>();
        for (int y = 0; y < png.getHeight(); y += 2) {
            for (int x = 0; x < png.getWidth(); x += 2) {
                colors.add(png.getRGB(x, y) & 0xf0f0f0);
            }
        }
        return colors.size();
    }

    /** $CHROMIUM, else chromium / chromium-browser / google-chrome on the PATH. */
    static Optional<String> chromium() {
        String env = System.getenv("CHROMIUM");
        if (env != null && new File(env).canExecute()) {
            return Optional.of(env);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                File f = new File(dir, name);
                if (f.canExecute()) {
                    return Optional.of(f.getPath());
                }
            }
        }
        return Optional.empty();
    }
}
