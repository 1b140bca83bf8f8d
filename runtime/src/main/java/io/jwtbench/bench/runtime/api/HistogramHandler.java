package io.jwtbench.bench.runtime.api;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.HdrHistogram.Histogram;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/runs/{id}/histogram}: HdrHistogram's percentile distribution (.hgrm, the format
 * HdrHistogram's plotter reads) of the measured latencies, in milliseconds. {@code ?uncorrected=true}
 * gives the open model's uncorrected histogram.
 */
final class HistogramHandler extends BenchHandler {

    @Override
    void handle(RoutingContext rc, Bench bench) {
        if (!Replies.readOnly(rc)) {
            return;
        }
        Optional<Run> run = bench.findRun(rc.pathParam("id"));
        if (run.isEmpty()) {
            Replies.notFound(rc, "run", rc.pathParam("id"));
            return;
        }
        RunReport report = run.get().report();
        boolean uncorrected;
        try {
            Replies.takesOnly(rc, "uncorrected");
            uncorrected = Replies.flag(rc, "uncorrected");
        } catch (SpecException e) {
            Replies.invalid(rc, "invalid query", e);
            return;
        }
        LatencyStats latency = uncorrected ? report.uncorrectedLatency() : report.latency();
        if (latency == null) {
            Replies.json(rc, 404, Replies.error("no histogram", uncorrected
                    ? "only open-model runs have an uncorrected histogram, once measuring"
                    : "the run has not started measuring (status " + report.status() + ")"));
            return;
        }
        Histogram h = latency.decode();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(print, 5, LatencyStats.MICROS_PER_MS);
        }
        Replies.text(rc, 200, out.toString(StandardCharsets.UTF_8));
    }
}
