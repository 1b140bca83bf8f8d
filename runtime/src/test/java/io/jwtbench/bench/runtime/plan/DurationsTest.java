package io.jwtbench.bench.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
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

    /** Overflowing values: an IllegalArgumentException (a 400), never an ArithmeticException later on (a 500). */
    @ParameterizedTest
    @ValueSource(strings = { "PT9999999999S", "9999999999999h", "PT2562047H", "169h", "PT169H", "10081m", "604800001ms",
            "99999999999999999999999999999s" })
    void refusesWhatExceedsTheBound(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(text));
        assertTrue(e.getMessage().contains("at most 7 days"), e.getMessage());
    }

    @Test
    void sevenDaysIsTheLongest() {
        assertEquals(Duration.ofDays(7), Durations.parse("168h"));
        assertEquals(Duration.ofDays(7), Durations.parse("PT168H"));
    }

    /** 800,000 digits took 7.2 s of BigDecimal arithmetic: the length is checked first. */
    @Test
    void refusesAHugeTextAtOnce() {
        String huge = "1".repeat(1_000_000) + "s";
        long start = System.nanoTime();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse(huge));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 200, "took " + millis + " ms");
        assertTrue(e.getMessage().contains("1000001 characters long"), e.getMessage());
    }
}
