package io.jwtbench.bench.runtime.report;

import java.util.Locale;
import java.util.Map;

/** The {@code breakdown} and {@code jvm} sections of a report as a few lines of the text summary. */
final class BreakdownText {
    private BreakdownText() {
    }

    static void append(StringBuilder out, Map<String, Object> extensions) {
        if (extensions.get("breakdown") instanceof Map<?, ?> b && b.get("serverTotal") instanceof Map<?, ?> total) {
            Format.line(out, "Where the time goes (mean per request; %s)", b.get("path"));
            Format.line(out, "  %-22s %10s %10s %10s %10s %7s", "phase", "perRequest", "p50", "p99", "count", "share");
            if (b.get("phases") instanceof Map<?, ?> phases) {
                phases.forEach((name, v) -> row(out, String.valueOf(name), (Map<?, ?>) v));
            }
            if (b.get("frameworkRemainder") instanceof Map<?, ?> rest) {
                row(out, "framework remainder", rest);
            }
            Format.line(out, "  %-22s %10s %10s %10s %10s", "= server total", Format.latency(total.get("mean")), Format.latency(total.get("p50")),
                    Format.latency(total.get("p99")), total.get("count"));
            Format.line(out, "  %-22s %10s", "+ outside the server", Format.latency(b.get("outsideServerMeanMs")));
            Format.line(out, "  %-22s %10s   (coverage: server-measured %s, named phases %s of the client mean)",
                    "= client mean", Format.latency(b.get("clientMeanMs")), Format.percent(b.get("coverage")), Format.percent(b.get("namedCoverage")));
        }
        if (extensions.get("jvm") instanceof Map<?, ?> jvm && jvm.get("processCpu") instanceof Map<?, ?> cpu) {
            Map<?, ?> host = jvm.get("hostCpu") instanceof Map<?, ?> h ? h : Map.of();
            Map<?, ?> alloc = jvm.get("allocation") instanceof Map<?, ?> a ? a : Map.of();
            StringBuilder jfr = new StringBuilder();
            if (jvm.get("gc") instanceof Map<?, ?> gc && jvm.get("pinnedVirtualThreads") instanceof Map<?, ?> pinned) {
                jfr.append(String.format(Locale.ROOT, ", GC %s pauses (%s total, max %s), %s pinned VTs", gc.get("count"),
                        Format.latency(gc.get("pauseTotalMs")), Format.latency(gc.get("pauseMaxMs")), pinned.get("count")));
            }
            Format.line(out, "JVM: process CPU mean %s peak %s of the machine (host %s), %s MB/s allocated%s", Format.percent(cpu.get("mean")),
                    Format.percent(cpu.get("peak")), Format.percent(host.get("mean")), alloc.get("mbPerSecond"), jfr);
        }
    }

    private static void row(StringBuilder out, String name, Map<?, ?> v) {
        Format.line(out, "  %-22s %10s %10s %10s %10s %7s", name, Format.latency(v.get("perRequest")), Format.latency(v.get("p50")),
                Format.latency(v.get("p99")), v.get("count"), Format.percent(v.get("shareOfServer")));
    }



}
