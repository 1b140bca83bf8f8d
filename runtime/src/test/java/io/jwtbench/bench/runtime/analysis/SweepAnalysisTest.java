package io.jwtbench.bench.runtime.analysis;

import io.jwtbench.bench.runtime.plan.Percentile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The analysis on synthetic sweeps whose answer is known. */
class SweepAnalysisTest {
    static final double[] CONNECTIONS = { 10, 25, 50, 100, 150, 200, 250, 300 };

    static double usl(double n, double lambda, double sigma, double kappa) {
        return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
    }

    /** A closed system: latency from Little's law (R = N / X), p90/p99 as multiples of it. */
    static StepPoint closed(double n, double x, double cpu) {
        double mean = 1000 * n / x;
        return new StepPoint(n, n, x, mean * 0.9, mean * 1.5, mean * 2.5, mean, cpu, (long) (x * 10), 0);
    }

    @Test
    void uslRecoversKnownParameters() {
        double[] x = new double[CONNECTIONS.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = usl(CONNECTIONS[i], 1000, 0.05, 0.0002);
        }
        UslFit fit = UslFit.fit(CONNECTIONS, x);
        assertEquals(0.05, fit.sigma(), 1e-4, fit.describe());
        assertEquals(0.0002, fit.kappa(), 0.0002 * 0.01, fit.describe());
        assertEquals(1000, fit.lambda(), 1, fit.describe());
        assertEquals(1.0, fit.rSquared(), 1e-6);
        assertEquals(Math.sqrt(0.95 / 0.0002), fit.peakConcurrency(), 1);
        assertEquals(usl(Math.sqrt(0.95 / 0.0002), 1000, 0.05, 0.0002), fit.peakThroughput(), 5);
    }

    @Test
    void uslRecoversParametersThroughNoise() {
        Random random = new Random(7);
        double[] x = new double[CONNECTIONS.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = usl(CONNECTIONS[i], 400, 0.02, 0.00005) * (1 + 0.01 * random.nextGaussian());
        }
        UslFit fit = UslFit.fit(CONNECTIONS, x);
        assertEquals(0.02, fit.sigma(), 0.005, fit.describe());
        assertEquals(0.00005, fit.kappa(), 0.00002, fit.describe());
        assertTrue(fit.rSquared() > 0.98, fit.describe());
    }

    @Test
    void stepsAtOneConcurrencyGetNoUslFit() {
        List<StepPoint> points = new ArrayList<>();
        for (double load : new double[] { 1, 2, 4 }) {
            points.add(new StepPoint(load, 1, 1000 + load, 1, 2, 3, 1, 0.1, 1000, 0));
        }
        SweepAnalysis a = SweepAnalysis.of(points, "connections", Percentile.P99, 10, 2, Double.NaN);
        assertEquals(null, a.usl(), a.uslNote());
        assertTrue(a.uslNote().contains("different concurrencies"), a.uslNote());
    }

    @Test
    void linearDataHasNoContentionNoCoherencyNoKnee() {
        List<StepPoint> points = new ArrayList<>();
        for (double n : CONNECTIONS) {
            points.add(new StepPoint(n, n, 100 * n, 1, 2, 3, 1, 0.1, 1000, 0));
        }
        SweepAnalysis a = SweepAnalysis.of(points, "connections", Percentile.P99, 10, 2, Double.NaN);
        assertEquals(0, a.usl().sigma(), 1e-6, a.uslNote());
        assertEquals(0, a.usl().kappa(), 1e-9, a.uslNote());
        assertEquals(100, a.usl().lambda(), 1e-6);
        assertTrue(Double.isInfinite(a.usl().peakConcurrency()));
        assertFalse(a.knee().isPresent());
        assertEquals(Limiter.Kind.NONE_FOUND, a.limiter().kind());
        assertTrue(a.limiter().description().contains("still grew"), a.limiter().description());
        assertTrue(a.bound().found());
        assertEquals(300, a.bound().load());
    }

    @Test
    void kneeWhereThroughputFlattensAndTailJumps() {
        List<StepPoint> points = new ArrayList<>();
        for (double n : CONNECTIONS) {
            double x = Math.min(1000 * n, 60_000); // saturates between 50 and 100
            points.add(closed(n, x, n >= 100 ? 1.95 : 1.95 * n / 60));
        }
        Optional<Knee> knee = Knee.find(points);
        assertTrue(knee.isPresent());
        assertEquals(100, knee.get().load());
        assertEquals(50, knee.get().previousLoad());
        SweepAnalysis a = SweepAnalysis.of(points, "connections", Percentile.P99, 2.6, 2, 0.3);
        assertEquals(Limiter.Kind.CPU_SATURATION, a.limiter().kind(), a.limiter().description());
        // p99 = 2.5 ms until saturation, then 2.5 * n / 60: 100 connections is over the bound
        assertEquals(50, a.bound().load(), a.bound().description());
        assertEquals(50_000, a.bound().throughput(), 1e-6);
    }

    /** Seen on a busy host: 1418, 931, 1814 req/s over 1, 2, 4 connections. */
    @Test
    void throughputThatFellIsSaidToFallAndAPoorFitPredictsNothing() {
        List<StepPoint> points = List.of(closed(1, 1418, 0.4), closed(2, 931, 0.4), closed(4, 1814, 0.4));
        Knee knee = Knee.find(points).orElseThrow();
        String text = knee.describe("connections");
        assertTrue(text.contains("from 1 to 2 connections throughput fell 34% while"), text);
        UslFit fit = UslFit.fit(new double[] { 1, 2, 4 }, new double[] { 1418, 931, 1814 });
        assertTrue(fit.rSquared() < UslFit.MIN_R_SQUARED_TO_PREDICT, fit.describe());
        assertTrue(fit.describe().endsWith("to predict a peak from"), fit.describe());
        assertFalse(fit.describe().contains("approaches"), fit.describe());
    }

    @Test
    void flatThroughputLowCpuLinearLatencyIsSerialization() {
        List<StepPoint> points = new ArrayList<>();
        for (double n : CONNECTIONS) {
            points.add(closed(n, Math.min(500 * n, 5000), 0.3)); // a single 0.2 ms critical section
        }
        SweepAnalysis a = SweepAnalysis.of(points, "connections", Percentile.P99, 1, 2, Double.NaN);
        assertEquals(25, a.knee().orElseThrow().load());
        assertEquals(Limiter.Kind.SERIALIZATION, a.limiter().kind(), a.limiter().description());
        assertTrue(a.limiter().description().contains("+0.200 ms per request in flight"), a.limiter().description());
        assertFalse(a.bound().found(), a.bound().description());
    }

    @Test
    void flatThroughputMiddlingCpuIsNoneFound() {
        List<StepPoint> points = new ArrayList<>();
        for (double n : CONNECTIONS) {
            points.add(closed(n, Math.min(500 * n, 5000), 1.4));
        }
        SweepAnalysis a = SweepAnalysis.of(points, "connections", Percentile.P99, 1, 2, Double.NaN);
        assertEquals(Limiter.Kind.NONE_FOUND, a.limiter().kind());
        assertTrue(a.limiter().description().contains("1.40 of 2 cores"), a.limiter().description());
    }

    @Test
    void busyHostWithIdleProcessIsHostCpuSaturation() {
        List<StepPoint> points = new ArrayList<>();
        for (double n : CONNECTIONS) {
            double x = Math.min(500 * n, 5000);
            double mean = 1000 * n / x;
            points.add(new StepPoint(n, n, x, mean, mean * 1.5, mean * 2.5, mean, 0.3, 0.97, 1000, 0));
        }
        SweepAnalysis a = SweepAnalysis.of(points, "connections", Percentile.P99, 1, 2, Double.NaN);
        assertEquals(Limiter.Kind.CPU_SATURATION, a.limiter().kind(), a.limiter().description());
        assertTrue(a.limiter().description().contains("(host)"), a.limiter().description());
    }

    @Test
    void retrogradeUslPredictsPeakInsideRange() {
        List<StepPoint> points = new ArrayList<>();
        for (double n : CONNECTIONS) {
            points.add(closed(n, usl(n, 2000, 0.01, 0.001), 2.0));
        }
        SweepAnalysis a = SweepAnalysis.of(points, "connections", Percentile.P99, 100, 2, Double.NaN);
        assertEquals(Math.sqrt(0.99 / 0.001), a.usl().peakConcurrency(), 0.5);
        assertTrue(a.knee().isPresent());
        assertEquals(Limiter.Kind.CPU_SATURATION, a.limiter().kind());
        assertEquals("cpu-saturation", a.toMap().get("limiter") instanceof java.util.Map<?, ?> m ? m.get("kind") : null);
    }
}
