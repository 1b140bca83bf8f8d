package io.jwtbench.bench.runtime.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The interval's arithmetic against a Student-t table and against shifted samples whose answer is known. */
class WelchTest {

    /** Two-sided 95 % quantiles from the table (any statistics textbook; NIST/SEMATECH e-Handbook 1.3.6.7.2). */
    @ParameterizedTest
    @CsvSource({"1, 12.706", "2, 4.303", "3, 3.182", "4, 2.776", "5, 2.571", "8, 2.306", "10, 2.228", "20, 2.086",
            "30, 2.042", "100, 1.984"})
    void theQuantileIsTheTables(double df, double table) {
        assertEquals(table, Welch.t(df), table * 0.005, "df " + df);
    }

    @Test
    void aShiftedSampleDiffersByTheShiftWithTheSameWidth() {
        double[] a = {101, 97, 103, 99, 100, 98, 102};
        double[] shifted = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            shifted[i] = a[i] + 10;
        }
        Welch.Interval same = Welch.interval(a, a);
        Welch.Interval up = Welch.interval(a, shifted);
        assertEquals(0, same.difference(), 1e-12);
        assertEquals(-same.low(), same.high(), 1e-12);
        assertFalse(same.excludesZero());
        assertEquals(10, up.difference(), 1e-12);
        assertEquals(same.high() - same.low(), up.high() - up.low(), 1e-9);
        assertTrue(up.excludesZero());
        // equal sizes and variances: df = 2 (n - 1) = 12, half-width t(12) * sqrt(2 s^2 / n), s^2 = 28 / 6
        assertEquals(12, up.df(), 1e-9);
        assertEquals(2.179 * Math.sqrt(2 * (28.0 / 6) / 7), up.high() - up.difference(), 0.01);
    }

    @Test
    void fewerThanTwoSamplesOnASideGiveNoInterval() {
        assertNull(Welch.interval(new double[] {1}, new double[] {1, 2, 3}));
        assertNull(Welch.interval(new double[] {1, 2}, new double[] {Double.NaN, 3}));
    }
}
