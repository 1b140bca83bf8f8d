package io.jwtbench.bench.runtime.report;

import java.util.Locale;

/**
 * The one place numbers get their look in text and HTML: latencies (wrk's adaptive unit), shares as
 * percents, bytes, and the text renderings' lines (JSON rounding: {@code JsonMaps.round}). Unknown numbers
 * (NaN, null) read "-" in text and null in JSON.
 */
public final class Format {
    private Format() {
    }

    /** Like wrk: the unit that keeps the number readable, two decimals ({@code 850.00us}, {@code 2.10ms}, {@code 1.20s}). */
    public static String latency(double ms) {
        if (!Double.isFinite(ms)) {
            return "-";
        }
        if (ms < 1) {
            return String.format(Locale.ROOT, "%.2fus", ms * 1000);
        }
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.2fms", ms);
        }
        return String.format(Locale.ROOT, "%.2fs", ms / 1000);
    }

    /** {@link #latency(double)} of a JSON value; "-" when it is not a number. */
    public static String latency(Object ms) {
        return ms instanceof Number n ? latency(n.doubleValue()) : "-";
    }

    /** A share (1.0 = 100 %) as a whole percent; "-" when unknown. */
    public static String percent(Object ratio) {
        return ratio instanceof Number n && Double.isFinite(n.doubleValue())
                ? String.format(Locale.ROOT, "%.0f%%", 100 * n.doubleValue())
                : "-";
    }

    /** {@code decimals} places; "-" when unknown. */
    public static String fixed(Object v, int decimals) {
        return v instanceof Number n && Double.isFinite(n.doubleValue())
                ? String.format(Locale.ROOT, "%." + decimals + "f", n.doubleValue())
                : "-";
    }

    /** The value, or "-" when absent. */
    public static String orDash(Object v) {
        return v == null ? "-" : String.valueOf(v);
    }

    public static String bytes(long n) {
        if (n < 1024) {
            return n + "B";
        }
        if (n < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2fKB", n / 1024.0);
        }
        if (n < 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2fMB", n / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2fGB", n / (1024.0 * 1024 * 1024));
    }

    /** Appends one formatted line (Locale.ROOT: dot decimals whatever the server's locale). */
    public static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
