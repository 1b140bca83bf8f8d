package io.jwtbench.bench.runtime.engine;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.codec.ReportInput;
import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.stats.Baseline;
import io.jwtbench.bench.runtime.stats.Regression;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * A run spec's {@code "baseline"} (a run report, or the id of a finished run still in history) and its
 * {@code "tolerancePercent"}: what a run is held against. Not part of the spec but of the run's request
 * ({@link RunRequest}), so that a compare, sweep or fleet spec that carries one is refused by name; also the two
 * runs of {@code POST /q/bench/regression}.
 */
public final class Baselines {
    public static final String FIELD = "baseline";
    public static final String TOLERANCE = "tolerancePercent";

    private Baselines() {
    }

    /** Both fields of {@code body}; null when it has no baseline. */
    static Baseline read(JsonNode body, Bench bench) {
        if (body == null || !body.isObject()) {
            return null;
        }
        JsonNode baseline = body.get(FIELD);
        JsonNode tolerance = body.get(TOLERANCE);
        if (baseline == null || baseline.isNull()) {
            if (tolerance != null) {
                throw new SpecException(TOLERANCE, "applies to a baseline: give \"" + FIELD + "\" too");
            }
            return null;
        }
        return new Baseline(report(baseline, FIELD, bench), tolerance(tolerance));
    }

    /** A report given whole, or by the id of a finished run of this process. */
    public static RunReport report(JsonNode node, String field, Bench bench) {
        if (node != null && node.isTextual()) {
            Run run = bench.findRun(node.asText()).orElseThrow(() -> new SpecException(field,
                    "no run " + node + " in this service's history (it keeps quarkus.bench.history-size runs):"
                            + " post the saved report itself"));
            if (!run.report().status().isTerminal()) {
                throw new SpecException(field, "run " + node + " has not ended yet");
            }
            return RunReportJson.published(run.report()); // as if posted: the same regression either way
        }
        // a run this service could start lasts at most max-duration: a baseline with more seconds is no run of it
        return ReportInput.read(node, field, (int) Math.min(Integer.MAX_VALUE - 1, bench.config().maxDuration().toSeconds()) + 1);
    }

    public static double tolerance(JsonNode node) {
        if (node == null || node.isNull()) {
            return Regression.DEFAULT_TOLERANCE_PERCENT;
        }
        if (!node.isNumber() || node.asDouble() < 0 || node.asDouble() > 100) {
            throw new SpecException(TOLERANCE, "must be a number of percent between 0 and 100, got " + node);
        }
        return node.asDouble();
    }
}
