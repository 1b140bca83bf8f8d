package io.jwtbench.bench.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

    @ParameterizedTest
    @CsvSource({ "30s,30000", "500ms,500", "2m,120000", "1h,3600000", "1.5s,1500", "PT30S,30000", "pt2m,120000",
            "0s,0", "' 10s ',10000" })
    void parsesShortAndIsoForms(String text, long millis) {
        assertEquals(Duration.ofMillis(millis), Durations.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "30", "s", "30 sec", "-5s", "PT", "30d", "1e3s", "99999999999999999h" })
    void rejectsWhatItCannotRead(String text) {
        assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
    }

    @ParameterizedTest
    @CsvSource({ "500,500ms", "30000,30s", "1500,1.5s", "120000,2m", "90000,90s" })
    void formatsCompactly(long millis, String text) {
        assertEquals(text, Durations.format(Duration.ofMillis(millis)));
        assertEquals(Duration.ofMillis(millis), Durations.parse(text));
    }
}
