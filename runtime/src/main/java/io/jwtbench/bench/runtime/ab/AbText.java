package io.jwtbench.bench.runtime.ab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jwtbench.bench.runtime.analysis.PairedVerdict;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Judgement;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Outcome;
import io.jwtbench.bench.runtime.report.JUnitXml;

/** The check's words: a line per pair and per look, the summary whose last line is the verdict, and JUnit XML. */
public final class AbText {
    /** Components named after a verdict. */
    static final int COMPONENTS = 4;

    private AbText() {
    }

    static String pairLine(int n, PairedCheck.Pair p) {
        Segment a = p.base();
        Segment b = p.current();
        return String.format(Locale.ROOT, "pair %3d %-3s  CPU/request %7.1f → %7.1f µs (%+5.1f %%)  p50 %.3f → %.3f ms  p99 %.2f → %.2f ms"
                + "  %.0f → %.0f req/s", n, p.order(), a.serverCpuUsPerRequest(), b.serverCpuUsPerRequest(),
                100 * (b.serverCpuUsPerRequest() / a.serverCpuUsPerRequest() - 1), a.p50Ms(), b.p50Ms(), a.p99Ms(), b.p99Ms(),
                a.rps(), b.rps());
    }

    static String lookLine(PairedVerdict.Result r) {
        List<String> parts = new ArrayList<>();
        for (Judgement j : r.judgements()) {
            parts.add(j.describe() + (j.metric().gating() ? "" : " (shown, not gating)"));
        }
        return "look at " + r.judgements().get(0).pairs() + " pairs: " + String.join("; ", parts);
    }

    /** The summary; its last line starts with {@code verdict:}. */
    public static String summary(AbResult r) {
        StringBuilder s = new StringBuilder();
        s.append("BASE ").append(r.settings().baseJar()).append('\n');
        s.append("NEW  ").append(r.settings().currentJar()).append('\n');
        s.append("machine: ").append(r.machine()).append('\n');
        s.append(String.format(Locale.ROOT, "%d pairs of %s, %s (seed %d), %s %% intervals, tolerance %s %% (latency %s %%), %s%n",
                r.pairs().size(), r.load(), r.settings().order().mode().name().toLowerCase(Locale.ROOT), r.settings().order().seed(),
                percent(r.verdict().judgements().get(0).confidence()), number(r.settings().tolerancePercent()),
                number(r.settings().latencyTolerancePercent()), duration(r.elapsed())));
        if (r.injectedUs() > 0) {
            double baseCpu = r.pairs().stream().mapToDouble(p -> p.base().serverCpuUsPerRequest()).average().orElse(Double.NaN);
            s.append(String.format(Locale.ROOT, "injected slowdown on NEW: %d µs asked per request, %.2f µs burned (its threads'"
                    + " CPU clocks): %.1f %% of BASE's %.1f µs CPU/request%n", r.injectedUs(), r.burnedUs(), 100 * r.burnedUs() / baseCpu,
                    baseCpu));
        }
        for (Judgement j : r.verdict().judgements()) {
            s.append("  ").append(j.describe()).append(j.metric().gating() ? "" : " (shown, not gating)").append('\n');
        }
        s.append(components(r)).append('\n');
        return s.append(verdictLine(r)).append('\n').toString();
    }

    static String components(AbResult r) {
        List<AbResult.ComponentChange> all = r.components();
        if (all.isEmpty()) {
            return "CPU by component: no CPU profile in the runs";
        }
        List<String> parts = all.stream().limit(COMPONENTS)
                .map(c -> String.format(Locale.ROOT, "%s %+.1f (%.1f → %.1f)", c.component(), c.change(), c.baseUs(), c.currentUs()))
                .toList();
        return "CPU by component, NEW against BASE over all pairs (µs/request): " + String.join(", ", parts);
    }

    static String verdictLine(AbResult r) {
        Judgement decisive = decisive(r.verdict());
        String facts = String.format(Locale.ROOT, "%d pairs, %s, %s", r.pairs().size(),
                r.settings().order().mode().name().toLowerCase(Locale.ROOT), duration(r.elapsed()));
        String tolerance = number(decisive.metric().tolerancePercent()) + " %";
        return switch (r.verdict().outcome()) {
            case PASS -> "verdict: PASS: " + decisive.change() + " rules out a slowdown of " + tolerance + " (" + facts + ")";
            case REGRESSED -> "verdict: REGRESSED: " + decisive.change() + ", significant, and a slowdown of " + tolerance
                    + " not ruled out (" + facts + ")" + grew(r);
            case INCONCLUSIVE -> "verdict: INCONCLUSIVE: " + decisive.change() + ": neither a change nor a slowdown of "
                    + tolerance + " ruled out (" + facts + ")";
        };
    }

    /** ", most CPU growth in injected slowdown (+15.3 µs/request)". */
    private static String grew(AbResult r) {
        return r.components().stream().filter(c -> c.change() > 0).findFirst()
                .map(c -> String.format(Locale.ROOT, "; most CPU growth in %s (%+.1f µs/request)", c.component(), c.change()))
                .orElse("");
    }

    /** The gating judgement that decided: a regressed one, else an inconclusive one, else the first. */
    static Judgement decisive(PairedVerdict.Result r) {
        List<Judgement> gating = r.judgements().stream().filter(j -> j.metric().gating()).toList();
        for (Outcome o : List.of(Outcome.REGRESSED, Outcome.INCONCLUSIVE)) {
            for (Judgement j : gating) {
                if (j.outcome() == o) {
                    return j;
                }
            }
        }
        return gating.get(0);
    }

    /** One test case per metric: a gating REGRESSED fails, INCONCLUSIVE is skipped with why, the rest pass. */
    public static String junit(AbResult r) {
        StringBuilder x = new StringBuilder();
        int failures = 0;
        int skipped = 0;
        for (Judgement j : r.verdict().judgements()) {
            String name = j.metric().name() + (j.metric().gating() ? "" : " (shown, not gating)") + ": NEW vs BASE";
            x.append("  <testcase classname=\"jwt-bench.ab\" name=\"").append(JUnitXml.xml(name)).append("\" time=\"0\"");
            if (j.metric().gating() && j.outcome() == Outcome.REGRESSED) {
                failures++;
                x.append("><failure type=\"regression\" message=\"").append(JUnitXml.xml(j.describe())).append("\">")
                        .append(JUnitXml.xml(j.describe())).append("</failure></testcase>\n");
            } else if (j.metric().gating() && j.outcome() == Outcome.INCONCLUSIVE) {
                skipped++;
                x.append("><skipped message=\"").append(JUnitXml.xml(j.describe())).append("\"/></testcase>\n");
            } else {
                x.append("><system-out>").append(JUnitXml.xml(j.describe())).append("</system-out></testcase>\n");
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"jwt-bench ab: NEW against BASE\" tests=\""
                + r.verdict().judgements().size() + "\" failures=\"" + failures + "\" errors=\"0\" skipped=\"" + skipped
                + "\" time=\"" + r.elapsed().toMillis() / 1000.0 + "\">\n" + x + "  <system-out>" + JUnitXml.xml(summary(r))
                + "</system-out>\n</testsuite>\n";
    }

    /**
     * Every pair as CSV, for a reader's own analysis (scripts/ab-rates.sh keeps them): per build its server CPU per
     * request and what was left out of it (generator, JIT, JFR recorder), its GC threads' and its unsampled threads'
     * shares of it (the latter refused past {@link Segment#MAX_UNSAMPLED_SHARE}), latencies, throughput and the injected burn.
     */
    public static String pairsCsv(AbResult r) {
        StringBuilder csv = new StringBuilder("pair,order,side,run,requests,rps,p50_ms,p99_ms,cpu_us,generator_us,jit_us,jfr_us,"
                + "gc_us,unsampled_us,burned_us,steady\n");
        int n = 0;
        for (PairedCheck.Pair p : r.pairs()) {
            n++;
            for (Segment s : List.of(p.base(), p.current())) {
                csv.append(String.format(Locale.ROOT, "%d,%s,%s,%s,%d,%.1f,%.4f,%.4f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%s%n", n, p.order(),
                        s == p.base() ? "BASE" : "NEW", s.runId(), s.requests(), s.rps(), s.p50Ms(), s.p99Ms(),
                        s.serverCpuUsPerRequest(), s.usPerRequest("load generator"), s.usPerRequest("JIT compiler threads"),
                        s.usPerRequest("JFR recorder threads"), s.usPerRequest("GC threads"), s.usPerRequest(Segment.UNSAMPLED), s.burnedUs(), s.steady()));
            }
        }
        return csv.toString();
    }

    /** A suite of one errored case: the check could not judge. */
    public static String junitError(String message) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"jwt-bench ab: NEW against BASE\" tests=\"1\""
                + " failures=\"0\" errors=\"0\" skipped=\"1\" time=\"0\">\n  <testcase classname=\"jwt-bench.ab\" name=\"NEW vs BASE\""
                + " time=\"0\"><skipped message=\"" + JUnitXml.xml("cannot judge: " + message) + "\"/></testcase>\n</testsuite>\n";
    }

    static String duration(Duration d) {
        long s = Math.round(d.toMillis() / 1000.0);
        return s >= 60 ? s / 60 + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
    }

    static String percent(double share) {
        return number(Math.round(share * 10_000) / 100.0);
    }

    static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
