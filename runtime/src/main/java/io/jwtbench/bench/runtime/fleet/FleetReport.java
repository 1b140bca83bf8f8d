package io.jwtbench.bench.runtime.fleet;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * A fleet run at one moment, immutable: one row per pod and, over the pods that finished DONE, the
 * merged report ({@link RunReport#merge}: histograms added exactly, counts and rates summed, the
 * per-second series added second by second; every pod started at {@code startAt}, so second n is the
 * same wall-clock second everywhere, to the pods' clock skew).
 *
 * @param status where the fleet run is
 * @param merged null until at least one pod is DONE
 * @param verdict with {@code thresholds}, once ended: the merged run judged, and failed for every
 *            missing pod; else null
 */
public record FleetReport(String id, FleetStatus status, RunSpec spec, Instant startAt, Instant startedAt, Instant finishedAt,
        List<PodResult> pods, RunReport merged, Verdict verdict) {

    public FleetReport {
        pods = List.copyOf(pods);
    }

    static FleetReport of(String id, boolean ended, boolean cancelled, RunSpec spec, Instant startAt,
            Instant startedAt, Instant finishedAt, List<PodResult> pods) {
        RunReport merged = null;
        for (PodResult p : pods) {
            if (p.done()) {
                merged = merged == null ? p.report() : merged.merge(p.report());
            }
        }
        long done = pods.stream().filter(PodResult::done).count();
        FleetStatus status = !ended ? FleetStatus.RUNNING : cancelled ? FleetStatus.CANCELLED
                : done == pods.size() ? FleetStatus.DONE : done == 0 ? FleetStatus.FAILED : FleetStatus.PARTIAL;
        Verdict verdict = null;
        if (ended && !spec.thresholds().isEmpty()) {
            Map<String, Verdict> parts = new LinkedHashMap<>();
            for (PodResult p : pods) {
                if (!p.done()) {
                    parts.put(p.pod().toString(), Verdict.failed(p.state() + (p.error() == null ? "" : ": " + p.error())));
                }
            }
            parts.put("merged", merged == null ? Verdict.failed("no pod finished") : Verdict.judge(merged, spec.thresholds()));
            verdict = Verdict.all(parts);
        }
        return new FleetReport(id, status, spec, startAt, startedAt, finishedAt, new ArrayList<>(pods), merged, verdict);
    }
}
