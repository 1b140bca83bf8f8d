package io.jwtbench.service.bench;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.jwtbench.service.testing.LocalIdp;

/**
 * The regression verdict against builds of known difference, measured by real runs of the jwt target. A build
 * with the token cache off (every request verifies its RS256 signature and parses its claims again) is slower
 * than the cached one, and the component it names is the validator's work. Two runs of the same build say "no
 * significant difference" at least 9 times in 10 (opt-in: {@code -Dregression.noise=true}, about 2 minutes).
 */
@QuarkusTest
@QuarkusTestResource(LocalIdp.class)
@Tag("timing")
class RegressionRunsTest {
    static final String JWT = "{\"target\":\"jwt\",\"connections\":2,\"duration\":\"3s\",\"warmup\":\"1s\",\"tokens\":10";
    /** A warm-up run: until the JIT is quiet. */
    static final String WARM = "{\"target\":\"jwt\",\"connections\":2,\"duration\":\"1s\",\"warmup\":\"auto\",\"tokens\":10";
    /** What the validator spends more on when it cannot use its cache. */
    static final Set<String> VALIDATOR_WORK = Set.of("crypto", "JWT validation", "JSON parsing");

    static JsonPath run(String spec) {
        return given().contentType("application/json").body(spec).queryParam("wait", "true").post("/q/bench/runs")
                .then().statusCode(200).extract().jsonPath();
    }

    /**
     * The pair, baseline then the cache off, at most {@code attempts} times until the verdict is "slower", with its
     * throughput's too and its largest CPU change in the validator's work (the test asserts all three): on a machine
     * another process keeps busy, 3 per-second samples a
     * side can leave the throughput interval wider than a halving of throughput (CI runs with a CPU hog beside
     * them: -22.9 % [-53.2, +7.4]; -38.4 % [-110.5, +33.8] with p50 +72.2 % [+52.5, +91.8], "slower" overall), and
     * the largest CPU change may land in network I/O, not the validator's work, when other tests share the machine
     * (+21.6 of +95.7 µs/request once, beside the suite's other streams and a CPU hog).
     * A verdict of "faster" is never taken.
     */
    static JsonPath cacheOffAgainstCacheOn(int attempts) {
        JsonPath slowed = null;
        for (int i = 0; i < attempts; i++) {
            String baseline = run(JWT + "}").getString("id");
            slowed = run(JWT + ",\"cache\":\"bypass\",\"tolerancePercent\":10,\"baseline\":\"" + baseline + "\"}");
            String verdict = slowed.getString("regression.verdict");
            assertTrue(!verdict.equals("faster"), "the cache off is never faster: " + slowed.getString("regression.summary"));
            if (verdict.equals("slower")
                    && "slower".equals(slowed.getString("regression.changes.find { it.metric == 'throughput' }.verdict"))
                    && VALIDATOR_WORK.contains(slowed.getString("regression.cpu.components[0].component"))) {
                break;
            }
        }
        return slowed;
    }

    @Test
    void theTokenCacheOffIsSlowerAndTheValidatorsWorkIsNamed() {
        run(WARM + ",\"cache\":\"bypass\"}");
        run(WARM + "}"); // both paths compiled before either is measured
        JsonPath slowed = cacheOffAgainstCacheOn(3);
        String what = slowed.getString("regression.summary") + "\n" + slowed.prettify();
        assertEquals("slower", slowed.getString("regression.verdict"), what);
        assertEquals("slower", slowed.getString("regression.changes.find { it.metric == 'throughput' }.verdict"), what);
        assertTrue(slowed.getDouble("regression.cpu.changeUsPerRequest") > 0, what);
        String top = slowed.getString("regression.cpu.components[0].component");
        assertTrue(VALIDATOR_WORK.contains(top), "the largest CPU change is the validator's: " + top + "\n" + what);
        assertTrue(slowed.getDouble("regression.cpu.components[0].changeUsPerRequest") > 0, what);
        assertTrue(slowed.getString("regression.summary").contains("largest change in " + top), what);
        assertTrue(slowed.getList("regression.warnings", String.class).contains("different options.cache: use → bypass"),
                "the difference between the runs is said: " + what);
        assertEquals("failed", slowed.getString("verdict.result"), what);
        assertTrue(slowed.getString("verdict.reasons[0]").startsWith("throughput "), what);
    }

    @Test
    @EnabledIfSystemProperty(named = "regression.noise", matches = "true")
    void twoRunsOfTheSameBuildAreCalledSlowerOrFasterAtMostOnceInTen() {
        run(WARM + "}");
        List<String> summaries = new ArrayList<>();
        int wolf = 0;
        for (int i = 0; i < 10; i++) {
            String baseline = run(JWT + "}").getString("id");
            JsonPath again = run(JWT + ",\"baseline\":\"" + baseline + "\"}");
            summaries.add(again.getString("regression.summary"));
            wolf += List.of("slower", "faster").contains(again.getString("regression.verdict")) ? 1 : 0;
        }
        System.out.println("same build, 10 pairs:\n" + String.join("\n", summaries));
        assertTrue(wolf <= 1, wolf + " of 10 called a change:\n" + String.join("\n", summaries));
    }
}
