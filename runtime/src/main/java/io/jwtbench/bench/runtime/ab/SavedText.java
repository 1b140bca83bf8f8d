package io.jwtbench.bench.runtime.ab;

import java.util.Locale;

import io.jwtbench.bench.runtime.analysis.LaunchComparison;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Outcome;
import io.jwtbench.bench.runtime.report.JUnitXml;

/** The words of a build held against a saved baseline: what each side measured, the reasons, the verdict line last. */
final class SavedText {
    private SavedText() {
    }

    static String summary(SavedBaseline saved, SavedBaseline current, LaunchComparison.Result r, double tolerancePercent) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "baseline  %s, measured %s on %s; canary %.3f → %.3f ms%n", saved.jar(), saved.measuredAt(),
                saved.fingerprint(), saved.canaryBefore(), saved.canaryAfter()));
        s.append(String.format(Locale.ROOT, "this build %s on %s; canary %.3f → %.3f ms%n", current.jar(), current.fingerprint(),
                current.canaryBefore(), current.canaryAfter()));
        s.append("spec ").append(current.spec()).append('\n');
        s.append("CPU/request per launch (µs, medians of their segments): baseline ").append(SavedCheck.values(saved.launches()))
                .append(", this build ").append(SavedCheck.values(current.launches())).append('\n');
        for (SavedBaseline side : new SavedBaseline[] { saved, current }) {
            if (side.burnedUs() > 0) {
                s.append(String.format(Locale.ROOT, "injected slowdown in %s: %.2f µs of CPU per request burned (the launches' median,"
                        + " by its threads' clocks)%n", side == saved ? "the baseline" : "this build", side.burnedUs()));
            }
        }
        r.reasons().forEach(reason -> s.append("  not judged: ").append(reason).append('\n'));
        return s.append(verdictLine(r, tolerancePercent)).append('\n').toString();
    }

    static String verdictLine(LaunchComparison.Result r, double tolerancePercent) {
        String tolerance = AbText.number(tolerancePercent) + " %";
        if (r.changePercent() == null) {
            return "verdict: INCONCLUSIVE: " + String.join("; ", r.reasons());
        }
        String change = String.format(Locale.ROOT, "CPU/request %+.1f %% [%+.1f, %+.1f] against the saved baseline (95 %%, launches)",
                r.changePercent(), r.lowPercent(), r.highPercent());
        return switch (r.outcome()) {
            case PASS -> "verdict: PASS: " + change + " rules out a slowdown of " + tolerance;
            case REGRESSED -> "verdict: REGRESSED: " + change + ", a slowdown of " + tolerance + " not ruled out";
            case INCONCLUSIVE -> "verdict: INCONCLUSIVE: " + change + ": neither a change nor a slowdown of " + tolerance + " ruled out";
        };
    }

    static String junit(String summary, LaunchComparison.Result r, double tolerancePercent) {
        String line = verdictLine(r, tolerancePercent);
        String body = r.outcome() == Outcome.REGRESSED
                ? "><failure type=\"regression\" message=\"" + JUnitXml.xml(line) + "\">" + JUnitXml.xml(line) + "</failure></testcase>\n"
                : r.outcome() == Outcome.INCONCLUSIVE ? "><skipped message=\"" + JUnitXml.xml(line) + "\"/></testcase>\n"
                : "><system-out>" + JUnitXml.xml(line) + "</system-out></testcase>\n";
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"jwt-bench ab: this build against a saved baseline\""
                + " tests=\"1\" failures=\"" + (r.outcome() == Outcome.REGRESSED ? 1 : 0) + "\" errors=\"0\" skipped=\""
                + (r.outcome() == Outcome.INCONCLUSIVE ? 1 : 0) + "\" time=\"0\">\n  <testcase classname=\"jwt-bench.ab\""
                + " name=\"CPU/request: this build vs the saved baseline\" time=\"0\"" + body + "  <system-out>"
                + JUnitXml.xml(summary) + "</system-out>\n</testsuite>\n";
    }
}
