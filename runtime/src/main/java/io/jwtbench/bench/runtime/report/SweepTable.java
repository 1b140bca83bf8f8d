package io.jwtbench.bench.runtime.report;

import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.analysis.SweepAnalysis;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.sweep.SweepReport;
import io.jwtbench.bench.runtime.sweep.SweepStep;

/** A sweep as a plain-text table, one row per step, then the analysis in words. */
public final class SweepTable {
    private SweepTable() {
    }

    public static String of(SweepReport s) {
        StringBuilder out = new StringBuilder();
        Map<String, Object> e = s.spec().echo();
        LoadModel model = s.spec().loadModel();
        Format.line(out, "Sweep %s on target %s: %s model, %d steps of %s (+%s warm-up)%s, %s", s.id(), s.spec().target(),
                model.label(), s.spec().steps().size(), e.get("duration"), e.get("warmup"),
                model.offersRate() ? ", pool of " + model.connections() + " connections" : "", s.status());
        RunReport w = s.warmupStep();
        if (w != null && w.warmup() != null) {
            Format.line(out, "Warm-up step first, at the heaviest load (\"warmup\":\"auto\"): %.1f s warm-up%s", w.warmup().durationSeconds(),
                    w.warmup().stoppedBecause() == null ? "" : ", " + w.warmup().stoppedBecause());
        }
        Format.line(out, "%8s %10s %9s %9s %9s %9s %9s %7s %8s %8s %8s %7s", model.column(), "req/s", "p50", "p75",
                "p90", "p99", "p99.9", "errors", "timeouts", "CPU peak", "host CPU", "threads");
        for (SweepStep st : s.steps()) {
            LatencyStats l = st.report().latency();
            if (!st.measured()) {
                Format.line(out, "%8d %s", st.load(), st.report().status());
                continue;
            }
            String status = (st.report().status().isTerminal() ? (st.report().status() == RunStatus.DONE ? ""
                    : "  " + st.report().status()) : "  (running)") + (st.steady().unsteady() ? "  NOT steady" : "");
            JvmFacts jvm = st.jvm();
            Format.line(out, "%8d %10.1f %9s %9s %9s %9s %9s %7d %8d %8s %8s %7s%s", st.load(), st.report().measured().rps(),
                    Format.latency(l.p50()), Format.latency(l.p75()), Format.latency(l.p90()), Format.latency(l.p99()), Format.latency(l.p99_9()),
                    st.report().errors().total(), st.report().errors().timeout(),
                    Format.percent(jvm.cpuSharePeak()), Format.percent(jvm.hostCpuShareMean()),
                    Format.orDash(jvm.threadsPeak()), status);
        }
        if (!s.steps().isEmpty()) {
            Format.line(out, "(CPU peak: this process over 250 ms windows, %% of %d cores, load generator included; host CPU: whole machine, mean)",
                    Runtime.getRuntime().availableProcessors());
        }
        SweepAnalysis a = s.analysis();
        if (a != null) {
            for (String finding : List.of(a.kneeDescription(), a.bound().description(), a.uslNote(), a.limiter().description())) {
                Format.line(out, "%s", finding);
            }
            Format.line(out, "Steadiness: %s", s.steadinessNote());
            for (SweepStep st : s.steps()) {
                if (st.steady().unsteady()) {
                    Format.line(out, "Not steady: %d %s: %s", st.load(), model.unit(), String.join("; ", st.steady().reasons()));
                }
            }
        }
        if (s.error() != null) {
            Format.line(out, "error: %s", s.error());
        }
        RunText.verdict(out, s.verdict());
        return out.toString();
    }

}
