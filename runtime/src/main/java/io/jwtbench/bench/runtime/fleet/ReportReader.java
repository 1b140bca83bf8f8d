package io.jwtbench.bench.runtime.fleet;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.stats.ErrorCounts;
import io.jwtbench.bench.runtime.stats.HistogramCodec;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.Progress;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.jwtbench.bench.runtime.stats.SecondStats;

/**
 * A pod's run report, as {@code report/RunJson} wrote it, back into a {@link RunReport} so that the
 * fleet merges it with {@link RunReport#merge}. The latency figures are recomputed from the
 * histogram (never from the rounded figures), so the merge is exact.
 */
final class ReportReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportReader() {
    }

    @SuppressWarnings("unchecked")
    static RunReport read(JsonNode r, LoadModel loadModel) {
        JsonNode w = r.get("warmup");
        JsonNode m = r.get("measured");
        JsonNode e = r.path("errors");
        List<SecondStats> series = new ArrayList<>();
        for (JsonNode s : r.path("timeSeries")) {
            series.add(new SecondStats(s.path("second").asInt(), s.path("requests").asLong(), s.path("rps").asDouble(),
                    number(s.get("p50")), number(s.get("p90")), number(s.get("p99")), s.path("errors").asLong()));
        }
        return new RunReport(r.path("id").asText(), RunStatus.valueOf(r.path("status").asText()),
                r.path("target").asText(), loadModel, r.path("endpoint").asText(null),
                JSON.convertValue(r.path("spec"), Map.class), JSON.convertValue(r.path("options"), Map.class),
                instant(r.get("startedAt")), instant(r.get("finishedAt")),
                w == null ? null : new RunReport.Warmup(w.path("durationSeconds").asDouble(), w.path("requests").asLong(),
                        w.path("rps").asDouble()),
                m == null ? null : new RunReport.Measured(m.path("durationSeconds").asDouble(), m.path("requests").asLong(),
                        m.path("rps").asDouble(), m.path("bytesRead").asLong()),
                latency(r.get("latency")), latency(r.get("uncorrectedLatency")),
                new ErrorCounts(e.path("connect").asLong(), e.path("timeout").asLong(), e.path("reset").asLong(),
                        e.path("status4xx").asLong(), e.path("status5xx").asLong()),
                r.path("expectedRejections").asLong(), r.path("unexpectedSuccesses").asLong(), null, series, null,
                r.path("error").asText(null), Map.of());
    }

    /** The {@code progress} section of a pod's running run; null when it has none (queued, ended). */
    static Progress progress(JsonNode r) {
        JsonNode p = r.get("progress");
        return p == null || !p.isObject() ? null
                : new Progress(p.path("phase").asText(), p.path("elapsedSeconds").asDouble(), p.path("requests").asLong(),
                        p.path("currentRps").asDouble(), number(p.get("lastSecondP50")), number(p.get("lastSecondP99")));
    }

    private static LatencyStats latency(JsonNode l) {
        return l == null || !l.hasNonNull("histogram") ? null
                : LatencyStats.of(HistogramCodec.decode(l.get("histogram").asText()));
    }

    private static Instant instant(JsonNode n) {
        return n == null || n.isNull() ? null : Instant.parse(n.asText());
    }

    private static double number(JsonNode n) {
        return n == null || n.isNull() ? Double.NaN : n.asDouble();
    }
}
