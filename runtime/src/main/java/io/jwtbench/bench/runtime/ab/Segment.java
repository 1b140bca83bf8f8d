package io.jwtbench.bench.runtime.ab;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One build's run of one pair, reduced to what the check compares. CPU per request is the <b>service's</b>:
 * the CPU profile's components (which add up to the process's CPU over the measured window) less those of
 * the in-process load generator's threads, the JIT compiler threads and JFR's recorder threads, per answered
 * request. Each of those is read from its threads' own clocks, not from samples, so taking them out adds no
 * sampling noise; and neither a generator that changed between builds nor a compiler still catching up in
 * one JVM reads as the service's cost.
 *
 * @param components CPU seconds by profile component over the window
 * @param burnedUs   the injected slowdown's CPU per request as its threads' clocks measured it, 0 without
 * @param steady     what the run's steadiness verdict said ({@code steady.steady})
 */
public record Segment(String runId, Instant startedAt, long requests, double rps, double p50Ms, double p99Ms,
        double serverCpuUsPerRequest, long errors, Map<String, Double> components, double burnedUs, boolean steady,
        JsonNode spec) {

    /** Components that are not the service's work: left out of its CPU per request. */
    static final List<String> NOT_THE_SERVICE = List.of("load generator", "JIT compiler threads", "JFR recorder threads");
    /** The profile's component for platform threads that used CPU while no sample saw them. */
    static final String UNSAMPLED = "unsampled threads";
    /**
     * The share of a run's service CPU that may be in {@link #UNSAMPLED} threads. A few percent is ordinary (threads in
     * native code, a pool thread's short life); more means a thread outside the requests' path is burning CPU in the
     * window, as a JFR reader spinning at its barrier once did (223 µs a request against the other side's 1.6), and the
     * two sides' CPU per request would then compare that thread rather than the builds.
     */
    static final double MAX_UNSAMPLED_SHARE = 0.2;

    static boolean service(String component) {
        return NOT_THE_SERVICE.stream().noneMatch(component::startsWith);
    }

    /** A finished run's report; {@link AbException} when the run cannot be compared (not DONE, errors, no profile). */
    static Segment of(String label, JsonNode report) {
        String status = report.path("status").asText();
        long requests = report.path("measured").path("requests").asLong();
        if (!"DONE".equals(status) || requests == 0) {
            throw new AbException(label + "'s run " + report.path("id").asText() + " ended " + status + " with " + requests
                    + " requests measured" + (report.hasNonNull("error") ? ": " + report.path("error").asText() : ""));
        }
        JsonNode errors = report.path("errors");
        long failed = errors.path("total").asLong() + report.path("unexpectedSuccesses").asLong();
        if (failed > requests / 1000) {
            throw new AbException(label + " answered errors: " + failed + " of " + requests + " requests failed (" + errors
                    + ") in run " + report.path("id").asText() + ": it cannot be compared");
        }
        Map<String, Double> components = new LinkedHashMap<>();
        double service = 0;
        for (JsonNode c : report.path("profile").path("components")) {
            double seconds = c.path("cpuSeconds").asDouble();
            components.put(c.path("component").asText(), seconds);
            service += service(c.path("component").asText()) ? seconds : 0;
        }
        if (components.isEmpty()) {
            throw new AbException(label + "'s run " + report.path("id").asText() + " has no CPU profile by component"
                    + (report.path("profile").hasNonNull("error") ? " (" + report.path("profile").path("error").asText() + ")" : "")
                    + ": the check needs it");
        }
        checkSampled(label, report, components, service);
        JsonNode latency = report.path("latency");
        return new Segment(report.path("id").asText(), Instant.parse(report.path("startedAt").asText()), requests,
                report.path("measured").path("rps").asDouble(), latency.path("p50").asDouble(), latency.path("p99").asDouble(),
                service * 1e6 / requests, failed, components, report.path("slowdown").path("burnedCpuUsPerRequest").asDouble(0),
                report.path("steady").path("steady").asBoolean(true), report.path("spec"));
    }

    /** {@link AbException} when more than {@link #MAX_UNSAMPLED_SHARE} of the service's CPU is in unsampled threads. */
    private static void checkSampled(String label, JsonNode report, Map<String, Double> components, double serviceSeconds) {
        double seconds = components.getOrDefault(UNSAMPLED, 0.0);
        if (seconds <= MAX_UNSAMPLED_SHARE * serviceSeconds) {
            return;
        }
        List<String> threads = new ArrayList<>();
        for (JsonNode c : report.path("profile").path("components")) {
            if (UNSAMPLED.equals(c.path("component").asText())) {
                c.path("threadCpuSeconds").properties().stream() // the report keeps the most costly few
                        .sorted(Comparator.comparingDouble((Map.Entry<String, JsonNode> t) -> t.getValue().asDouble()).reversed())
                        .limit(3).forEach(t -> threads.add(String.format(Locale.ROOT, "%s %.2f s", t.getKey(), t.getValue().asDouble())));
            }
        }
        throw new AbException(String.format(Locale.ROOT, "%s's run %s spent %.0f %% of its service CPU (%.2f of %.2f s) in threads"
                + " no profile sample saw (%s): work outside the requests' path, which would be compared instead of the builds"
                + " (at most %.0f %% is taken)", label, report.path("id").asText(), 100 * seconds / serviceSeconds, seconds,
                serviceSeconds, threads.isEmpty() ? "not named" : String.join(", ", threads), 100 * MAX_UNSAMPLED_SHARE));
    }

    /** The figure a metric of {@link PairedCheck#metrics} compares. */
    double figure(String metric) {
        return switch (metric) {
            case "CPU/request" -> serverCpuUsPerRequest;
            case "throughput" -> rps;
            case "p50" -> p50Ms;
            case "p99" -> p99Ms;
            default -> throw new IllegalArgumentException(metric);
        };
    }

    /** The CPU per request of the components whose names start with {@code prefix}. */
    double usPerRequest(String prefix) {
        return components.entrySet().stream().filter(e -> e.getKey().startsWith(prefix)).mapToDouble(Map.Entry::getValue).sum()
                * 1e6 / requests;
    }
}
