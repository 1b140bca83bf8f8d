package io.jwtbench.bench.runtime.report;

import java.time.Duration;
import java.util.List;

import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * A finished run as a JUnit XML report ({@code /q/bench/runs/{id}/junit.xml}), the way Gatling writes its
 * assertions: one test case per {@link Verdict.Check} of the run's thresholds (failed ones with the violation,
 * skipped ones with why), the wrk-style summary as the suite's output, so that a CI server shows a bench as
 * tests. A run without thresholds is a valid empty suite.
 */
public final class JUnitXml {

    private JUnitXml() {
    }

    public static String of(RunReport r, Thresholds t) {
        List<Verdict.Check> checks = t.isEmpty() && r.regression() == null ? List.of() : Verdict.checks(r, t);
        long failures = checks.stream().filter(c -> c.outcome() == Verdict.Check.Outcome.FAILED).count();
        long skipped = checks.stream().filter(c -> c.outcome() == Verdict.Check.Outcome.SKIPPED).count();
        String suite = "jwt-bench run " + r.id() + ": " + r.target();
        String seconds = r.finishedAt() == null ? "0" : Format.fixed(Duration.between(r.startedAt(), r.finishedAt()).toNanos() / 1e9, 3);
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuite name=\"").append(xml(suite)).append("\" tests=\"").append(checks.size())
                .append("\" failures=\"").append(failures).append("\" errors=\"0\" skipped=\"").append(skipped)
                .append("\" time=\"").append(seconds).append("\" timestamp=\"").append(r.startedAt()).append("\">\n");
        for (Verdict.Check c : checks) {
            x.append("  <testcase classname=\"").append(xml("jwt-bench." + r.target())).append("\" name=\"")
                    .append(xml(c.name())).append("\" time=\"0\"");
            switch (c.outcome()) {
                case PASSED -> x.append("><system-out>").append(xml(c.detail())).append("</system-out></testcase>\n");
                case FAILED -> x.append("><failure type=\"threshold\" message=\"").append(xml(c.detail())).append("\">")
                        .append(xml(c.detail())).append("</failure></testcase>\n");
                case SKIPPED -> x.append("><skipped message=\"").append(xml(c.detail())).append("\"/></testcase>\n");
            }
        }
        x.append("  <system-out>").append(xml(RunText.of(r))).append("</system-out>\n");
        return x.append("</testsuite>\n").toString();
    }

    /** Escaped for XML text and attributes; characters XML 1.0 cannot hold (most controls) become U+FFFD. */
    public static String xml(String s) {
        StringBuilder out = new StringBuilder();
        Html.escape(s).codePoints().forEach(cp -> {
            boolean allowed = cp == '\t' || cp == '\n' || cp == '\r' || cp >= 0x20 && cp <= 0xD7FF
                    || cp >= 0xE000 && cp <= 0xFFFD || cp >= 0x10000 && cp <= 0x10FFFF;
            out.appendCodePoint(allowed ? cp : 0xFFFD);
        });
        return out.toString();
    }
}
