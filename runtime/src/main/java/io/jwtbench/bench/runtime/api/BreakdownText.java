package io.jwtbench.bench.runtime.api;

import java.util.Locale;
import java.util.Map;

/** The {@code breakdown} and {@code jvm} sections of a report as a few lines of the text summary. */
final class BreakdownText {
    private BreakdownText() {
    }

    static void append(StringBuilder out, Map<String, Object> extensions) {
        if (extensions.get("breakdown") instanceof Map<?, ?> b && b.get("serverTotal") instanceof Map<?, ?> total) {
            line(out, "Where the time goes (mean per request; %s)", b.get("path"));
            line(out, "  %-22s %10s %10s %10s %10s %7s", "phase", "perRequest", "p50", "p99", "count", "share");
            if (b.get("phases") instanceof Map<?, ?> phases) {
                phases.forEach((name, v) -> row(out, String.valueOf(name), (Map<?, ?>) v));
            }
            if (b.get("frameworkRemainder") instanceof Map<?, ?> rest) {
                row(out, "framework remainder", rest);
            }
            line(out, "  %-22s %10s %10s %10s %10s", "= server total", time(total.get("mean")), time(total.get("p50")),
                    time(total.get("p99")), total.get("count"));
            line(out, "  %-22s %10s", "+ outside the server", time(b.get("outsideServerMeanMs")));
            line(out, "  %-22s %10s   (coverage: server-measured %s, named phases %s of the client mean)",
                    "= client mean", time(b.get("clientMeanMs")), pct(b.get("coverage")), pct(b.get("namedCoverage")));
        }
        if (extensions.get("jvm") instanceof Map<?, ?> jvm && jvm.get("processCpu") instanceof Map<?, ?> cpu) {
            Map<?, ?> host = jvm.get("hostCpu") instanceof Map<?, ?> h ? h : Map.of();
            Map<?, ?> alloc = jvm.get("allocation") instanceof Map<?, ?> a ? a : Map.of();
            StringBuilder jfr = new StringBuilder();
            if (jvm.get("gc") instanceof Map<?, ?> gc && jvm.get("pinnedVirtualThreads") instanceof Map<?, ?> pinned) {
                jfr.append(String.format(Locale.ROOT, ", GC %s pauses (%s total, max %s), %s pinned VTs", gc.get("count"),
                        time(gc.get("pauseTotalMs")), time(gc.get("pauseMaxMs")), pinned.get("count")));
            }
            line(out, "JVM: process CPU mean %s peak %s of the machine (host %s), %s MB/s allocated%s", pct(cpu.get("mean")),
                    pct(cpu.get("peak")), pct(host.get("mean")), alloc.get("mbPerSecond"), jfr);
        }
    }

    private static void row(StringBuilder out, String name, Map<?, ?> v) {
        line(out, "  %-22s %10s %10s %10s %10s %7s", name, time(v.get("perRequest")), time(v.get("p50")),
                time(v.get("p99")), v.get("count"), pct(v.get("shareOfServer")));
    }

    private static String time(Object ms) {
        return ms instanceof Number n ? TextSummary.time(n.doubleValue()) : "-";
    }

    private static String pct(Object ratio) {
        return ratio instanceof Number n ? String.format(Locale.ROOT, "%.0f%%", 100 * n.doubleValue()) : "-";
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append('\n');
    }
}
