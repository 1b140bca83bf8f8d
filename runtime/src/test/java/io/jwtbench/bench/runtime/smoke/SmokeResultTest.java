package io.jwtbench.bench.runtime.smoke;

import io.jwtbench.bench.runtime.plan.Percentile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jwtbench.bench.runtime.plan.Thresholds;

class SmokeResultTest {
    private static final Thresholds T = new Thresholds(Map.of(Percentile.P99, 50.0), 1000, 0.01);

    @Test
    void passesWithinEveryThreshold() {
        SmokeResult v = SmokeResult.judge(5000, 1000, 50, 0.01, T);
        assertTrue(v.passed());
        assertNull(v.reason());
    }

    @Test
    void namesEveryViolatedThreshold() {
        SmokeResult v = SmokeResult.judge(5000, 999.5, 50.5, 0.02, T);
        assertFalse(v.passed());
        assertEquals("p99 50.5 ms > max-p99 50 ms; rps 999.5 < min-rps 1000; error rate 0.02 > max-error-rate 0.01",
                v.reason());
    }

    @Test
    void nothingAnsweredFails() {
        SmokeResult v = SmokeResult.judge(0, 0, Double.NaN, 1.0, T);
        assertFalse(v.passed());
        assertEquals("no request was answered in the measured phase; error rate 1 > max-error-rate 0.01", v.reason());
    }

    @Test
    void minRpsZeroIsNotChecked() {
        assertTrue(SmokeResult.judge(10, 1, 1, 0, new Thresholds(Map.of(Percentile.P99, 50.0), 0, 0)).passed());
    }

    @Test
    void optionsFromConfigStringsKeepTheirJsonTypes() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        SmokeSpec.putOption(json, "tokens", "1000");
        SmokeSpec.putOption(json, "invalidRatio", "0.1");
        SmokeSpec.putOption(json, "flag", "true");
        SmokeSpec.putOption(json, "algorithm", "ES256");
        assertEquals("{\"tokens\":1000,\"invalidRatio\":0.1,\"flag\":true,\"algorithm\":\"ES256\"}", json.toString());
    }
}
