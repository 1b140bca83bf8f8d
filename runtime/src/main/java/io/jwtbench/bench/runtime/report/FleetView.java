package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.map;
import static io.jwtbench.bench.runtime.JsonMaps.round;
import static io.jwtbench.bench.runtime.JsonMaps.times;
import static io.jwtbench.bench.runtime.plan.Percentile.MAX;
import static io.jwtbench.bench.runtime.plan.Percentile.P50;
import static io.jwtbench.bench.runtime.plan.Percentile.P99;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.fleet.FleetReport;
import io.jwtbench.bench.runtime.fleet.PodResult;
import io.jwtbench.bench.runtime.plan.Percentile;
import io.jwtbench.bench.runtime.stats.RunReport;

/** A fleet run as JSON, text (a row per pod, then the merged run as wrk would print it) and HTML. */
public final class FleetView {
    /** A pod's {@code latencyMs} (the OpenAPI schema lists the same). */
    public static final List<Percentile> LATENCIES = List.of(P50, P99, MAX);

    private FleetView() {
    }

    public static Map<String, Object> json(FleetReport f) {
        Map<String, Object> m = summary(f);
        m.put("spec", f.spec().echo());
        m.put("startAt", f.startAt().toString());
        List<Object> pods = new ArrayList<>();
        for (PodResult p : f.pods()) {
            pods.add(pod(p));
        }
        m.put("pods", pods);
        if (f.merged() != null) {
            Map<String, Object> merged = RunReportJson.write(f.merged());
            merged.remove("id"); // the pods' ids joined: the fleet's id names it
            m.put("merged", merged);
        }
        if (f.verdict() != null) {
            m.put("verdict", RunReportJson.verdict(f.verdict()));
        }
        return m;
    }

    /**
     * One progress event of a fleet run ({@code /q/bench/fleet/{id}/events}): each pod's state and, while
     * its run goes on, that run's own live figures as of the coordinator's last poll (every 500 ms);
     * then what adds up across pods: requests, current req/s and errors. The pods start at the same
     * instant, so their phases and seconds line up. Percentiles of different pods' last seconds do not
     * add up: they stay per pod, and the exactly merged histogram comes with the summary event.
     */
    public static Map<String, Object> progressEvent(FleetReport f) {
        Map<String, Object> m = map("id", f.id(), "status", f.status());
        List<Object> pods = new ArrayList<>();
        int reporting = 0;
        double elapsed = 0;
        long requests = 0;
        double rps = 0;
        long errors = 0;
        for (PodResult p : f.pods()) {
            Map<String, Object> row = map("pod", p.pod().toString(), "state", p.state());
            if (p.progress() != null) {
                reporting++;
                elapsed = Math.max(elapsed, p.progress().elapsedSeconds());
                requests += p.progress().requests();
                rps += p.progress().currentRps();
                errors += p.errors();
                row.putAll(RunReportJson.progress(p.progress()));
                row.put("errors", p.errors());
            }
            pods.add(row);
        }
        m.put("podsReporting", reporting);
        if (reporting > 0) {
            m.put("elapsedSeconds", round(elapsed, 3));
            m.put("requests", requests);
            m.put("currentRps", round(rps, 2));
            m.put("errors", errors);
        }
        m.put("pods", pods);
        return m;
    }

    public static Map<String, Object> summary(FleetReport f) {
        Map<String, Object> m = map("id", f.id(), "status", f.status(), "target", f.spec().target(), "podCount",
                f.pods().size(), "podsDone", f.pods().stream().filter(PodResult::done).count());
        times(m, f.startedAt(), f.finishedAt());
        return m;
    }

    private static Map<String, Object> pod(PodResult p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pod", p.pod().toString());
        m.put("state", p.state());
        if (p.runId() != null) {
            m.put("runId", p.runId());
        }
        RunReport r = p.report();
        if (r != null && r.measured() != null && r.latency() != null) {
            m.put("requests", r.measured().requests());
            m.put("rps", round(r.measured().rps(), 2));
            m.put("latencyMs", RunReportJson.latencies(r.latency(), LATENCIES));
            m.put("errors", r.errors().total());
        }
        if (p.error() != null) {
            m.put("error", p.error());
        }
        return m;
    }

    public static String text(FleetReport f) {
        StringBuilder out = new StringBuilder();
        Format.line(out, "Fleet %s: target %s on %d pods, all starting at %s  [%s]", f.id(), f.spec().target(),
                f.pods().size(), f.startAt(), f.status());
        Format.line(out, "%-32s %-11s %10s %10s %9s %9s %7s", "pod", "state", "requests", "req/s", "p50", "p99", "errors");
        for (PodResult p : f.pods()) {
            RunReport r = p.report();
            if (r == null || r.measured() == null || r.latency() == null) {
                Format.line(out, "%-32s %-11s %s", p.pod(), p.state(), p.error() == null ? "" : p.error());
                continue;
            }
            Format.line(out, "%-32s %-11s %10d %10.1f %9s %9s %7d%s", p.pod(), p.state(), r.measured().requests(),
                    r.measured().rps(), Format.latency(r.latency().p50()), Format.latency(r.latency().p99()),
                    r.errors().total(), p.error() == null ? "" : "  " + p.error());
        }
        if (f.merged() != null) {
            Format.line(out, "Merged (%d of %d pods; latency from the added histograms):",
                    f.pods().stream().filter(PodResult::done).count(), f.pods().size());
            out.append(RunText.of(f.merged()));
        }
        RunText.verdict(out, f.verdict());
        return out.toString();
    }

    /** Each DONE pod's run and the merged one, overlaid. */
    public static String html(FleetReport f) {
        List<HtmlReport.Labelled> runs = new ArrayList<>();
        if (f.merged() != null) {
            runs.add(new HtmlReport.Labelled("merged", f.merged()));
        }
        for (PodResult p : f.pods()) {
            if (p.done()) {
                runs.add(new HtmlReport.Labelled(p.pod().getAuthority(), p.report()));
            }
        }
        return HtmlReport.runs("Fleet " + f.id() + " — " + f.spec().target() + " on " + f.pods().size() + " pods, "
                + f.status(), runs);
    }
}
