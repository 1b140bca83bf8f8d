package io.jwtbench.bench.runtime.api;

import java.util.Locale;

import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.RunReport;

/** A run as wrk would print it, so the numbers read the way people are used to (real percentiles). */
final class TextSummary {
    private TextSummary() {
    }

    static String of(RunReport r) {
        StringBuilder out = new StringBuilder();
        String duration = String.valueOf(r.spec().get("duration"));
        line(out, "Running %s test @ %s", duration, r.endpoint() == null ? "(target " + r.target() + ")" : r.endpoint());
        line(out, "  target %s, %s model%s, %s connections", r.target(), r.model(),
                r.spec().containsKey("rate") ? " at " + r.spec().get("rate") + " req/s" : "", r.spec().get("connections"));
        if (!r.status().name().equals("DONE")) {
            line(out, "  run %s is %s%s", r.id(), r.status(), r.error() == null ? "" : ": " + r.error());
        }
        LatencyStats l = r.latency();
        if (l == null || r.measured() == null) {
            if (r.progress() != null) {
                line(out, "  %s: %.1fs elapsed, %d requests so far", r.progress().phase(),
                        r.progress().elapsedSeconds(), r.progress().requests());
            }
            return out.toString();
        }
        line(out, "  Latency%s     Avg      Stdev     Max", r.uncorrectedLatency() != null ? " (corrected)" : "");
        line(out, "    %10s %10s %10s", time(l.mean()), time(l.stdev()), time(l.max()));
        line(out, "  Latency Distribution");
        line(out, "     50%% %10s", time(l.p50()));
        line(out, "     75%% %10s", time(l.p75()));
        line(out, "     90%% %10s", time(l.p90()));
        line(out, "     99%% %10s", time(l.p99()));
        line(out, "   99.9%% %10s", time(l.p99_9()));
        if (r.uncorrectedLatency() != null) {
            line(out, "  Uncorrected latency (from actual send): 50%% %s, 99%% %s, max %s",
                    time(r.uncorrectedLatency().p50()), time(r.uncorrectedLatency().p99()),
                    time(r.uncorrectedLatency().max()));
        }
        double seconds = r.measured().durationSeconds();
        line(out, "  %d requests in %.2fs, %s read", r.measured().requests(), seconds, bytes(r.measured().bytesRead()));
        ErrorCounts e = r.errors();
        if (e.connect() + e.reset() + e.timeout() > 0) {
            line(out, "  Socket errors: connect %d, reset %d, timeout %d", e.connect(), e.reset(), e.timeout());
        }
        if (e.status4xx() + e.status5xx() > 0) {
            line(out, "  Non-2xx or 3xx responses: %d (4xx %d, 5xx %d)", e.status4xx() + e.status5xx(),
                    e.status4xx(), e.status5xx());
        }
        if (r.expectedRejections() > 0 || r.unexpectedSuccesses() > 0) {
            line(out, "  Expected rejections: %d, unexpected successes: %d", r.expectedRejections(),
                    r.unexpectedSuccesses());
        }
        line(out, "Requests/sec: %10.2f", r.measured().rps());
        if (seconds > 0) {
            line(out, "Transfer/sec: %10s", bytes((long) (r.measured().bytesRead() / seconds)));
        }
        if (r.generator() != null) {
            line(out, "Generator: %.2fs CPU (%.0f%% of process)%s", r.generator().cpuSeconds(),
                    100 * r.generator().cpuShareOfProcess(),
                    r.model().equals("open") ? String.format(Locale.ROOT, ", %d late starts, max lag %s",
                            r.generator().lateStarts(), time(r.generator().maxScheduleLagMs())) : "");
        }
        BreakdownText.append(out, r.extensions());
        return out.toString();
    }

    /** Like wrk: the unit that keeps the number readable. */
    static String time(double ms) {
        if (ms < 1) {
            return String.format(Locale.ROOT, "%.2fus", ms * 1000);
        }
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.2fms", ms);
        }
        return String.format(Locale.ROOT, "%.2fs", ms / 1000);
    }

    static String bytes(long n) {
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

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
