package io.jwtbench.bench.runtime.codec;

import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;

/**
 * A run report posted by a caller (a baseline saved days ago, by another build or pod), read back into
 * what a regression needs of the report it was, or refused with a {@link SpecException} naming the field
 * under {@code field} ({@code baseline.latency.histogram}) and what is wrong. Only a finished, measured
 * report of a format this build reads gets through, and of it only what {@link BaselineShape} keeps, within
 * its bounds: the figures, the per-second samples, the CPU by component, what tells two runs apart. The
 * latency histogram is read for its percentiles and not kept.
 */
public final class ReportInput {
    private ReportInput() {
    }

    /**
     * @param field      the caller's name for it ({@code baseline}, {@code current})
     * @param maxSeconds the most per-second samples it may have: the longest run this service starts, and one more
     */
    public static RunReport read(JsonNode posted, String field, int maxSeconds) {
        if (posted == null || !posted.isObject()) {
            throw new SpecException(field, "must be a run report (the JSON of GET /q/bench/runs/{id}) or the id of a run"
                    + " this service still keeps, got " + kind(posted));
        }
        ObjectNode node = BaselineShape.keep((ObjectNode) posted, field, maxSeconds);
        JsonNode format = node.get(RunReportJson.FORMAT_FIELD);
        if (format != null && (!format.isIntegralNumber() || format.asInt() != RunReportJson.FORMAT)) {
            throw new SpecException(field + "." + RunReportJson.FORMAT_FIELD, "format " + format + " is not one this"
                    + " service reads: it reads format " + RunReportJson.FORMAT + " (reports without the field are format 1)");
        }
        text(node, field, "id");
        String status = text(node, field, "status");
        if (!RunStatus.DONE.name().equals(status)) {
            throw new SpecException(field + ".status", "must be DONE: a baseline is a run that ended with its"
                    + " measurements, this one is " + status);
        }
        text(node, field, "target");
        object(node, field, "spec");
        object(node, field, "measured");
        JsonNode latency = object(node, field, "latency");
        if (!latency.path("histogram").isTextual()) {
            throw new SpecException(field + ".latency.histogram", "missing: the latencies are read from the histogram");
        }
        if (!node.path("timeSeries").isArray()) {
            throw new SpecException(field + ".timeSeries", "missing: the intervals come from the per-second samples");
        }
        LoadModel model = loadModel(node, field);
        RunReport r;
        try {
            r = RunReportJson.read(node, model);
        } catch (RuntimeException e) { // a histogram that does not decode, a section of the wrong shape
            throw new SpecException(field, "not a run report this service reads: " + e.getMessage());
        }
        LatencyStats l = r.latency();
        return new RunReport(r.id(), r.status(), r.target(), r.loadModel(), null, r.spec(), r.options(), r.startedAt(),
                r.finishedAt(), null, r.measured(), new LatencyStats(l.count(), l.p50(), l.p75(), l.p90(), l.p95(), l.p99(),
                        l.p99_9(), l.p99_99(), l.max(), l.mean(), l.stdev(), null),
                null, r.errors(), 0, 0, null, r.timeSeries(), null, null, r.sections(), Map.of());
    }

    /** The load model from its label and the echoed spec's fields. */
    private static LoadModel loadModel(JsonNode node, String field) {
        String label = text(node, field, "loadModel");
        JsonNode spec = node.get("spec");
        LoadModel.Kind kind = LoadModel.Kind.ofLabel(label).orElseThrow(() -> new SpecException(field + ".loadModel",
                "unknown load model \"" + label + "\": " + LoadModel.Kind.labels()));
        return switch (kind) {
            case CLOSED -> new LoadModel.Closed(positive(spec, field, "connections"));
            case CONSTANT_RATE -> new LoadModel.ConstantRate(positive(spec, field, "rate"), positive(spec, field, "connections"));
            case RAMP -> new LoadModel.Ramp(positive(spec, field, "rate"), positive(spec, field, "rampTo"),
                    positive(spec, field, "connections"));
        };
    }

    private static String text(JsonNode node, String field, String name) {
        JsonNode v = node.get(name);
        if (v == null || !v.isTextual()) {
            throw new SpecException(field + "." + name, "missing or not a string: not a run report");
        }
        return v.asText();
    }

    private static JsonNode object(JsonNode node, String field, String name) {
        JsonNode v = node.get(name);
        if (v == null || !v.isObject()) {
            throw new SpecException(field + "." + name, "missing or not an object: not a finished run report");
        }
        return v;
    }

    private static int positive(JsonNode spec, String field, String name) {
        JsonNode v = spec.get(name);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < 1) {
            throw new SpecException(field + ".spec." + name, "missing or not a positive integer");
        }
        return v.asInt();
    }

    private static String kind(JsonNode node) {
        return node == null || node.isNull() ? "nothing" : node.isArray() ? "an array" : node.toString().length() > 60
                ? node.toString().substring(0, 60) + "…" : node.toString();
    }
}
