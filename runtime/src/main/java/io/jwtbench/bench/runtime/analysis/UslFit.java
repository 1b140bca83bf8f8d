package io.jwtbench.bench.runtime.analysis;

import java.util.Locale;

/**
 * Gunther's Universal Scalability Law fitted to (concurrency, throughput) points:
 * {@code X(N) = λN / (1 + σ(N−1) + κN(N−1))}, with σ (contention) in [0, 1] and κ (coherency) ≥ 0.
 * <p>
 * Least squares on X. For fixed σ and κ the model is linear in λ, so λ has a closed form
 * ({@code Σ X·f / Σ f²} with {@code f = N / (1 + σ(N−1) + κN(N−1))}) and only (σ, κ) are searched: a
 * grid over σ ∈ [0, 1] (step 0.01) × κ ∈ {0} ∪ [1e-9, 1] (log steps of 0.05 decade), then six rounds
 * of a 21 × 21 grid around the best point, each five times narrower. No starting guess, no divergence,
 * and the bounds hold by construction.
 *
 * @param lambda throughput of one request in flight (req/s)
 * @param rSquared 1 − SS_res / SS_tot on throughput; NaN when every throughput is equal
 * @param peakConcurrency {@code N* = sqrt((1−σ)/κ)}; infinite when κ = 0 (no predicted peak)
 * @param peakThroughput {@code X(N*)}; for κ = 0 the asymptote λ/σ (infinite when σ = 0 too)
 */
public record UslFit(double lambda, double sigma, double kappa, double rSquared, double peakConcurrency,
        double peakThroughput, int points) {

    private static final double KAPPA_MIN_DECADE = -9;
    private static final double DECADE_STEP = 0.05;
    private static final double SIGMA_STEP = 0.01;

    /** The model's throughput at concurrency n. */
    public double predict(double n) {
        return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
    }

    /** Needs at least 3 points with positive concurrency and throughput. */
    public static UslFit fit(double[] n, double[] x) {
        if (n.length != x.length || n.length < 3) {
            throw new IllegalArgumentException("the USL fit needs at least 3 points");
        }
        // best over the coarse grid; kappa as log10, kappa = 0 kept apart (log = -inf)
        double bestS = 0;
        double bestK = Double.NEGATIVE_INFINITY;
        double bestErr = Double.POSITIVE_INFINITY;
        for (double s = 0; s <= 1 + 1e-12; s += SIGMA_STEP) {
            for (double lk = KAPPA_MIN_DECADE - DECADE_STEP; lk <= 1e-12; lk += DECADE_STEP) {
                double logK = lk < KAPPA_MIN_DECADE ? Double.NEGATIVE_INFINITY : lk;
                double err = sse(n, x, Math.min(1, s), kappaOf(logK));
                if (err < bestErr) {
                    bestErr = err;
                    bestS = Math.min(1, s);
                    bestK = logK;
                }
            }
        }
        // zoom in; kappa = 0 is refined in sigma alone (and may be left for kappa > 0 near 1e-9)
        double sStep = SIGMA_STEP;
        double kStep = DECADE_STEP;
        for (int round = 0; round < 6; round++) {
            double centerS = bestS;
            double centerK = bestK;
            for (int i = -10; i <= 10; i++) {
                double s = clamp(centerS + i * sStep / 10, 0, 1);
                for (int j = -10; j <= 10; j++) {
                    // kappa = 0 stays 0 (refined in sigma alone): the coarse grid already tried 1e-9 and up
                    double logK = Double.isInfinite(centerK) ? centerK : Math.min(0, centerK + j * kStep / 10);
                    double err = sse(n, x, s, kappaOf(logK));
                    if (err < bestErr) {
                        bestErr = err;
                        bestS = s;
                        bestK = logK;
                    }
                }
            }
            sStep /= 5;
            kStep /= 5;
        }
        double sigma = bestS;
        double kappa = kappaOf(bestK);
        double lambda = lambda(n, x, sigma, kappa);
        double mean = 0;
        for (double v : x) {
            mean += v / x.length;
        }
        double tot = 0;
        for (double v : x) {
            tot += (v - mean) * (v - mean);
        }
        double r2 = tot == 0 ? Double.NaN : 1 - bestErr / tot;
        double peakN;
        double peakX;
        if (kappa > 0) {
            peakN = Math.sqrt((1 - sigma) / kappa);
            peakX = lambda * peakN / (1 + sigma * (peakN - 1) + kappa * peakN * (peakN - 1));
        } else {
            peakN = Double.POSITIVE_INFINITY;
            peakX = sigma > 0 ? lambda / sigma : Double.POSITIVE_INFINITY;
        }
        return new UslFit(lambda, sigma, kappa, r2, peakN, peakX, n.length);
    }

    private static double kappaOf(double logK) {
        return Double.isInfinite(logK) ? 0 : Math.pow(10, logK);
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private static double lambda(double[] n, double[] x, double s, double k) {
        double xf = 0;
        double ff = 0;
        for (int i = 0; i < n.length; i++) {
            double f = n[i] / (1 + s * (n[i] - 1) + k * n[i] * (n[i] - 1));
            xf += x[i] * f;
            ff += f * f;
        }
        return ff == 0 ? 0 : xf / ff;
    }

    private static double sse(double[] n, double[] x, double s, double k) {
        double l = lambda(n, x, s, k);
        double err = 0;
        for (int i = 0; i < n.length; i++) {
            double d = x[i] - l * n[i] / (1 + s * (n[i] - 1) + k * n[i] * (n[i] - 1));
            err += d * d;
        }
        return err;
    }

    /**
     * Below this R² the curve explains less than half of how throughput varied over the steps: its σ and κ are shown,
     * but no peak is predicted from it.
     */
    static final double MIN_R_SQUARED_TO_PREDICT = 0.5;

    public String describe() {
        String peak = !(rSquared >= MIN_R_SQUARED_TO_PREDICT)
                ? "the curve explains too little of these steps (R² below " + MIN_R_SQUARED_TO_PREDICT + ") to predict a peak from"
                : Double.isInfinite(peakConcurrency)
                ? (Double.isInfinite(peakThroughput) ? "no peak predicted (σ = κ = 0: linear scaling)"
                        : String.format(Locale.ROOT, "no peak predicted (κ = 0), throughput approaches %.0f req/s",
                                peakThroughput))
                : String.format(Locale.ROOT, "predicted peak %.0f req/s at N* = %.0f", peakThroughput,
                        peakConcurrency);
        return String.format(Locale.ROOT, "USL fit: σ = %.4f (contention), κ = %.6f (coherency), λ = %.1f req/s, R² = %s; %s",
                sigma, kappa, lambda, Double.isNaN(rSquared) ? "n/a" : String.format(Locale.ROOT, "%.3f", rSquared), peak);
    }
}
