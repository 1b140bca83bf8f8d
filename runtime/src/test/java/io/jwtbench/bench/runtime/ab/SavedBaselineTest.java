package io.jwtbench.bench.runtime.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.analysis.LaunchComparison;

/** What {@code ab.sh SAVE=} keeps is what {@code AGAINST=} reads back, an injected slowdown included. */
class SavedBaselineTest {
    static final ObjectNode SPEC = BenchClient.JSON.createObjectNode().put("target", "jwt").put("rate", 2000);

    static SavedBaseline side(int injectedUs, double burnedUs, double... cpu) {
        List<SavedBaseline.LaunchFigures> launches = java.util.Arrays.stream(cpu)
                .mapToObj(c -> new SavedBaseline.LaunchFigures(c, 0.2, 1.5, 2000, 5, injectedUs, burnedUs)).toList();
        return new SavedBaseline("app/quarkus-run.jar", "2026-11-28T10:00:00Z", SPEC, "cpu x, 2 cores", 2.6, 2.61, launches);
    }

    @Test
    void aMeasurementWithAnInjectedSlowdownReadsBackAndIsNamed() throws Exception {
        Path file = Files.createTempFile("saved", ".json");
        side(6, 5.9, 60.2, 61.0, 59.8).write(file);
        SavedBaseline read = SavedBaseline.read(file);
        assertEquals(List.of(60.2, 61.0, 59.8), read.side().launches());
        assertEquals(6, read.launches().get(0).injectedUs());
        assertEquals(5.9, read.burnedUs());
        assertEquals(SPEC, read.spec());

        SavedBaseline base = side(0, 0, 55.1, 54.8, 55.3);
        LaunchComparison.Result r = SavedCheck.against(base, read, 5);
        String summary = SavedText.summary(base, read, r, 5);
        assertTrue(summary.contains("injected slowdown in this build: 5.90 µs of CPU per request burned"), summary);
        assertFalse(summary.contains("injected slowdown in the baseline"), summary);
    }

    @Test
    void aMeasurementSavedBeforeInjectionWasRecordedReadsAsNoneInjected() throws Exception {
        Path file = Files.writeString(Files.createTempFile("saved", ".json"), """
                {"kind": "jwt-bench ab.sh baseline", "format": 1, "jar": "a.jar", "measuredAt": "2026-11-27T10:00:00Z",
                 "spec": {"target": "jwt", "rate": 2000}, "machine": {"fingerprint": "f", "canaryBeforeMs": 2.6, "canaryAfterMs": 2.6},
                 "launches": [{"cpuUsPerRequest": 60, "p50Ms": 0.2, "p99Ms": 1.5, "rps": 2000, "segments": 5}]}
                """);
        SavedBaseline read = SavedBaseline.read(file);
        assertEquals(0, read.launches().get(0).injectedUs());
        assertEquals(0, read.burnedUs());
    }
}
