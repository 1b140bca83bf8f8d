package io.jwtbench.bench.runtime.report;

import io.jwtbench.bench.runtime.JsonMaps;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.stats.Breakdown;
import io.jwtbench.bench.runtime.stats.Profile;
import io.jwtbench.bench.runtime.stats.RunReport;

/** The {@code breakdown}, {@code jvm} and {@code profile} sections of a report as a few lines of the text summary. */
final class BreakdownText {
    private static final String ROW = "  %-22s %10s %10s %10s %10s %7s";

    private BreakdownText() {
    }

    /** What a report without per-request phases says instead of them. */
    static final String NOT_RECORDED = "Where the time goes: per-request phases not recorded (\"breakdown\": true"
            + " records them, at about a fifth of the throughput on 2 cores; the CPU profile shows where the CPU went)";

    static void append(StringBuilder out, RunReport r) {
        Breakdown b = r.breakdown();
        if (b == null && Boolean.FALSE.equals(r.spec().get("breakdown"))) {
            Format.line(out, NOT_RECORDED);
        }
        if (b != null) {
            Format.line(out, "Where the time goes (mean per request; %s)", b.path());
            Format.line(out, ROW, "phase", "perRequest", "p50", "p99", "count", "share");
            b.phases().forEach((name, phase) -> row(out, name, phase));
            row(out, "framework remainder", b.frameworkRemainder());
            Breakdown.Timing total = b.serverTotal();
            Format.line(out, "  %-22s %10s %10s %10s %10s", "= server total", Format.latency(total.mean()),
                    Format.latency(total.p50()), Format.latency(total.p99()), total.count());
            Format.line(out, "  %-22s %10s", "+ outside the server", Format.latency(b.outsideServerMeanMs()));
            Format.line(out, "  %-22s %10s   (coverage: server-measured %s, named phases %s of the client mean)",
                    "= client mean", Format.latency(b.clientMeanMs()), Format.percent(b.coverage()),
                    Format.percent(b.namedCoverage()));
        }
        JvmFacts jvm = JvmFacts.of(r);
        if (jvm.present() && !Double.isNaN(jvm.cpuShareMean())) {
            String jfr = jvm.gc() == null || jvm.pinnedVirtualThreads() == null ? ""
                    : String.format(java.util.Locale.ROOT, ", GC %d pauses (%s total, max %s), %d pinned VTs",
                            jvm.gc().count(), Format.latency(jvm.gc().pauseTotalMs()),
                            Format.latency(jvm.gc().pauseMaxMs()), jvm.pinnedVirtualThreads());
            Format.line(out, "JVM: process CPU mean %s peak %s of the machine (host %s), %s MB/s allocated%s",
                    Format.percent(jvm.cpuShareMean()), Format.percent(jvm.cpuSharePeak()),
                    Format.percent(jvm.hostCpuShareMean()), Format.orDash(JsonMaps.round(jvm.allocationMbPerSecond(), 3)),
                    jfr);
        }
        if (r.profile() != null) {
            profile(out, r.profile());
        }
    }

    /** Components shown in the text; the JSON, HTML and {@code profile.folded} have all of them. */
    static final int PROFILE_ROWS = 8;

    /** The CPU profile it measured: CPU per request by component, largest first. */
    private static void profile(StringBuilder out, Profile p) {
        Format.line(out, "CPU per request: %sus for the whole process, %s named by component (%d samples, %s)",
                Format.fixed(p.processCpuUsPerRequest(), 1), Format.percent(p.namedShare()), p.samples(), p.source());
        p.components().stream().limit(PROFILE_ROWS).forEach(c -> Format.line(out, "  %-28s %8sus  %s", c.component(),
                Format.fixed(c.usPerRequest(), 2), c.topMethods().isEmpty() ? "" : "top: " + c.topMethods().get(0).method()));
        if (p.components().size() > PROFILE_ROWS) {
            Format.line(out, "  (%d more components in the JSON and HTML reports)", p.components().size() - PROFILE_ROWS);
        }
    }

    private static void row(StringBuilder out, String name, Breakdown.Timing t) {
        Format.line(out, ROW, name, Format.latency(t.perRequest()), Format.latency(t.p50()), Format.latency(t.p99()),
                t.count(), Format.percent(t.shareOfServer()));
    }
}
