package io.jwtbench.bench.runtime.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.stats.LatencyRecording;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * What the runs of one start will hold on the heap, checked before anything is prepared: the
 * target's prepared requests (its {@code footprint}), the generator's connections and the run's
 * histograms and time series. Over {@code quarkus.bench.memory-budget} (default a quarter of the max
 * heap) the start is a 400 naming the largest contributor, instead of an {@code OutOfMemoryError}
 * that may kill any thread of the application.
 */
final class MemoryBudget {
    /**
     * Per connection: its Netty channel and pipeline, its state machine and response parser, the
     * direct buffer its request is copied into (direct memory defaults to the max heap's size too).
     */
    static final long PER_CONNECTION = 16 * 1024;
    /**
     * The histograms of a run: a recorder's two, the total and the interval drain, corrected and
     * uncorrected (open models).
     */
    static final long HISTOGRAMS = 8L * new Histogram(LatencyRecording.LOWEST_MICROS, LatencyRecording.HIGHEST_MICROS,
            LatencyRecording.SIGNIFICANT_DIGITS).getEstimatedFootprintInBytes();
    /** One second of a run's time series. */
    static final long PER_SECOND = 256;
    /**
     * Per HTTP/2 stream slot beyond a connection's first: the generator's stream state, Netty's (its entry in the
     * connection's stream map, its flow-control window) and the request's frames while they wait to be written;
     * an upper estimate, a stream's own fields are under 100 bytes.
     */
    static final long PER_STREAM = 1024;

    /**
     * Heap bytes a finished run's report holds per byte of its JSON (its records, maps and strings against their
     * text): measured by scripts/perf/soak.sh, the heap after GC of a service holding 20 finished runs.
     */
    static final double REPORT_HEAP_PER_JSON_BYTE = 3.0;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The footprint's entry for the history's finished runs (never the largest of a start that fits alone). */
    static final String HISTORY = "history";

    private final long budget;

    MemoryBudget(long budget) {
        this.budget = budget;
    }

    static MemoryBudget of(BenchConfig config) {
        return new MemoryBudget(config.memoryBudget().map(size -> size.asLongValue())
                .orElseGet(() -> Runtime.getRuntime().maxMemory() / 4));
    }

    long bytes() {
        return budget;
    }

    /** The bench's own share of a run of {@code spec}, by the spec field that sizes it. */
    static Map<String, Long> engineFootprint(RunSpec spec) {
        Map<String, Long> bytes = new LinkedHashMap<>();
        bytes.put("connections", spec.loadModel().connections() * PER_CONNECTION);
        if (spec.transport().streams() > 1) {
            bytes.put("streams", (long) spec.loadModel().connections() * (spec.transport().streams() - 1) * PER_STREAM);
        }
        bytes.put("duration", HISTOGRAMS + spec.warmup().plus(spec.duration()).toSeconds() * PER_SECOND);
        return bytes;
    }

    /** The heap a finished run's report holds, estimated from its JSON's length. */
    static long reportBytes(RunReport report) {
        long[] length = { 0 };
        try {
            JSON.writeValue(new OutputStream() {
                @Override
                public void write(int b) {
                    length[0]++;
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    length[0] += len;
                }
            }, RunReportJson.write(report));
        } catch (IOException | RuntimeException e) {
            return 0; // a report that does not render costs what it costs: nothing known
        }
        return (long) (REPORT_HEAP_PER_JSON_BYTE * length[0]);
    }

    static long total(Map<String, Long> footprint) {
        return footprint.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Adds {@code more} to {@code into}, field by field. */
    static void add(Map<String, Long> into, Map<String, Long> more) {
        more.forEach((field, bytes) -> into.merge(field, Math.max(0, bytes), Long::sum));
    }

    /**
     * {@link #check}, with the history's finished runs counted too: the oldest of them are forgotten (before their
     * turn) to make room for a start that fits on its own; one that does not is refused with the history as it was.
     */
    void checkWithHistory(LoadEngine engine, Map<String, Long> footprint, String prefix) {
        if (total(footprint) <= budget) {
            engine.fitHistory(budget - total(footprint));
        }
        Map<String, Long> all = new LinkedHashMap<>(footprint);
        all.put(HISTORY, engine.historyBytes());
        check(all, prefix);
    }

    /**
     * @param footprint bytes by spec field, of everything the start will hold at once
     * @param prefix put before the named field ({@code spec.} for a compare)
     * @throws SpecException naming the largest contributor when the total is over the budget
     */
    void check(Map<String, Long> footprint, String prefix) {
        long total = total(footprint);
        if (total <= budget) {
            return;
        }
        String largest = footprint.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        StringBuilder parts = new StringBuilder();
        footprint.forEach((field, bytes) -> parts.append(parts.isEmpty() ? "" : ", ").append(field).append(' ').append(mib(bytes)));
        throw new SpecException(prefix + largest, "would hold about " + mib(total) + " of heap (" + parts
                + "), more than the bench's memory budget of " + mib(budget)
                + " (quarkus.bench.memory-budget, default a quarter of the max heap)");
    }

    private static String mib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
