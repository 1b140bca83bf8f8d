package io.jwtbench.bench.runtime.report;

import java.util.Locale;

import io.jwtbench.bench.runtime.observe.SteadyView;
import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.Kernel;
import io.jwtbench.bench.runtime.stats.TransportFacts;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.Regression;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.Verdict;

/** A run as wrk would print it, so the numbers read the way people are used to (real percentiles). */
public final class RunText {
    private RunText() {
    }

    public static String of(RunReport r) {
        StringBuilder out = new StringBuilder();
        String duration = String.valueOf(r.spec().get("duration"));
        Format.line(out, "Running %s test @ %s", duration, r.endpoint() == null ? "(target " + r.target() + ")" : r.endpoint());
        Format.line(out, "  target %s, %s model, %s", r.target(), r.loadModel().label(), r.loadModel().describe());
        if (r.status() != RunStatus.DONE) {
            Format.line(out, "  run %s is %s%s", r.id(), r.status(), r.error() == null ? "" : ": " + r.error());
        }
        LatencyStats l = r.latency();
        if (l == null || r.measured() == null) {
            if (r.progress() != null) {
                Format.line(out, "  %s: %.1fs elapsed, %d requests so far", r.progress().phase(),
                        r.progress().elapsedSeconds(), r.progress().requests());
            }
            regression(out, r.regression());
            verdict(out, r.verdict());
            return out.toString();
        }
        Format.line(out, "  Latency%s     Avg      Stdev     Max", r.uncorrectedLatency() != null ? " (corrected)" : "");
        Format.line(out, "    %10s %10s %10s", Format.latency(l.mean()), Format.latency(l.stdev()), Format.latency(l.max()));
        Format.line(out, "  Latency Distribution");
        Format.line(out, "     50%% %10s", Format.latency(l.p50()));
        Format.line(out, "     75%% %10s", Format.latency(l.p75()));
        Format.line(out, "     90%% %10s", Format.latency(l.p90()));
        Format.line(out, "     99%% %10s", Format.latency(l.p99()));
        Format.line(out, "   99.9%% %10s", Format.latency(l.p99_9()));
        if (r.uncorrectedLatency() != null) {
            Format.line(out, "  Uncorrected latency (from actual send): 50%% %s, 99%% %s, max %s",
                    Format.latency(r.uncorrectedLatency().p50()), Format.latency(r.uncorrectedLatency().p99()),
                    Format.latency(r.uncorrectedLatency().max()));
        }
        double seconds = r.measured().durationSeconds();
        Format.line(out, "  %d requests in %.2fs, %s read", r.measured().requests(), seconds, Format.bytes(r.measured().bytesRead()));
        ErrorCounts e = r.errors();
        if (e.socket() > 0) {
            Format.line(out, "  Socket errors: connect %d, reset %d, timeout %d%s", e.connect(), e.reset(), e.timeout(),
                    e.tlsHandshake() > 0 ? ", TLS handshake " + e.tlsHandshake() : "");
        }
        if (e.status4xx() + e.status5xx() > 0) {
            Format.line(out, "  Non-2xx or 3xx responses: %d (4xx %d, 5xx %d)", e.status4xx() + e.status5xx(),
                    e.status4xx(), e.status5xx());
        }
        if (r.expectedRejections() > 0 || r.unexpectedSuccesses() > 0) {
            Format.line(out, "  Expected rejections: %d, unexpected successes: %d", r.expectedRejections(),
                    r.unexpectedSuccesses());
        }
        Format.line(out, "Requests/sec: %10.2f", r.measured().rps());
        if (seconds > 0) {
            Format.line(out, "Transfer/sec: %10s", Format.bytes((long) (r.measured().bytesRead() / seconds)));
        }
        if (r.generator() != null) {
            Format.line(out, "Generator: %.2fs CPU (%.0f%% of process)%s", r.generator().cpuSeconds(),
                    100 * r.generator().cpuShareOfProcess(),
                    r.uncorrectedLatency() != null ? String.format(Locale.ROOT,
                            ", %d late starts, schedule lag p50 %s p99 %s max %s", r.generator().lateStarts(),
                            Format.latency(r.generator().scheduleLagP50Ms()),
                            Format.latency(r.generator().scheduleLagP99Ms()),
                            Format.latency(r.generator().maxScheduleLagMs())) : "");
            Format.line(out, "At the window's close: %d in flight (awaited), %d due but unsent (filed from their intended time)",
                    r.generator().inFlightAtStop(), r.generator().unsentAtStop());
        }
        TransportFacts t = r.transport();
        if (t != null && (t.tlsVersion() != null || !t.keepAlive())) {
            Format.line(out, "Transport: %s %s%s, %s connections opened (%s/s)%s", t.scheme(), t.protocol(),
                    t.tlsVersion() == null ? "" : " over " + t.tlsVersion() + " " + t.cipherSuite() + " (" + t.tlsEngine() + ")",
                    t.connectionsOpened(), Format.fixed(t.connectionsPerSecond(), 0),
                    t.handshakes() == 0 ? "" : String.format(java.util.Locale.ROOT, ", %d handshakes (%s/s, %d resumed, mean %.2f ms)",
                            t.handshakes(), Format.fixed(t.handshakesPerSecond(), 0), t.resumptions(), t.handshakeMeanMs()));
            if (t.serverTlsEngine() != null) {
                Format.line(out, "TLS server: %s engine, %s certificate (%s), key exchange %s%s", t.serverTlsEngine(),
                        t.certificate(), t.certificateKeyType() == null ? "key not seen" : t.certificateKeyType(),
                        t.keyExchangeGroup() == null ? "not seen" : t.keyExchangeGroup(),
                        t.serverFullHandshakes() == null ? "" : String.format(java.util.Locale.ROOT,
                                "; its own count: %d full (%s/s) and %d resumed (%s/s) handshakes", t.serverFullHandshakes(),
                                Format.fixed(t.serverFullHandshakesPerSecond(), 0), t.serverResumedHandshakes(),
                                Format.fixed(t.serverResumedHandshakesPerSecond(), 0)));
            }
        }
        Kernel kernel = r.kernel();
        if (kernel != null) {
            Format.line(out, "Kernel TCP (namespace): listen overflows %s, listen drops %s, SYN retransmits %s, "
                    + "retransmitted segments %s, resets sent %s, failed connects %s", kernel.listenOverflows(),
                    kernel.listenDrops(), kernel.synRetransmits(), kernel.retransmittedSegments(), kernel.resetsSent(),
                    kernel.failedConnectionAttempts());
        }
        SteadyView steady = SteadyView.of(r);
        Format.line(out, "Steady state: %s", steady.line());
        if (steady.warmup() != null) {
            Format.line(out, "Warm-up: %s", steady.warmup());
        }
        BreakdownText.append(out, r);
        regression(out, r.regression());
        verdict(out, r.verdict());
        return out.toString();
    }

    /** The run against its baseline: the summary, what weakens it, the components whose CPU moved most. */
    static void regression(StringBuilder out, Regression g) {
        if (g == null) {
            return;
        }
        Format.line(out, "Regression: %s", g.summary());
        g.warnings().forEach(w -> Format.line(out, "  warning: %s", w));
        if (g.cpu() != null && g.cpu().components() != null) {
            g.cpu().components().stream().limit(3).forEach(c -> Format.line(out, "  %-28s %8sus -> %8sus  (%+.2fus)",
                    c.component(), Format.fixed(c.baselineUsPerRequest(), 2), Format.fixed(c.currentUsPerRequest(), 2),
                    c.changeUsPerRequest()));
        }
    }

    /** The verdict, when there is one, is always the last line: a CI job reads it with {@code tail -1}. */
    static void verdict(StringBuilder out, Verdict v) {
        if (v != null) {
            Format.line(out, "%s", v.line());
        }
    }

}
