package io.jwtbench.bench.runtime.jfr;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;

import io.jwtbench.bench.probe.PhaseEvent;
import io.jwtbench.bench.runtime.spi.RunOutcome;
import io.jwtbench.bench.runtime.stats.Breakdown;

/**
 * Folds the run's {@link ServerRequestEvent}s and {@link PhaseEvent}s into per-phase figures. Only
 * requests (and phases inside requests) for the run's path count; the rest (e.g. polling
 * {@code /q/bench}) is only counted, like events committed outside the measured window. Fed by the recording stream's thread, read after it stopped.
 */
final class BreakdownAggregator {
    private static final String[] PHASE = new String[ServerRequestEvent.SLOTS];
    private static final String[] NANOS = new String[ServerRequestEvent.SLOTS];

    static {
        for (int i = 0; i < PHASE.length; i++) {
            PHASE[i] = "phase" + i;
            NANOS[i] = "nanos" + i;
        }
    }

    private final String path;
    private final Stat server = new Stat();
    private final Stat remainder = new Stat();
    private final Map<String, Stat> phases = new LinkedHashMap<>();
    private long otherRequests;
    private long phasesOutsideRequests;
    private long outsideWindow;
    /** Epoch nanos; events committed outside [from, until] belong to warm-up or to the stop. */
    private volatile long from = Long.MIN_VALUE;
    private volatile long until = Long.MAX_VALUE;

    BreakdownAggregator(String path) {
        this.path = path;
    }

    /**
     * Start of the measured window (wall clock, like JFR's event times): set right after the stream
     * started, long before its first flush is parsed (about a second later).
     */
    void from(long epochNanos) {
        from = epochNanos;
    }

    /** End of the measured window: set before the stream's last events are parsed. */
    void until(long epochNanos) {
        until = epochNanos;
    }

    private boolean outside(RecordedEvent e) {
        Instant at = e.getStartTime(); // committed without begin(): the commit time, i.e. the request's end
        long nanos = at.getEpochSecond() * 1_000_000_000L + at.getNano();
        if (nanos < from || nanos > until) {
            outsideWindow++;
            return true;
        }
        return false;
    }

    synchronized void onRequest(RecordedEvent e) {
        if (outside(e)) {
            return;
        }
        if (!path.equals(e.getString("path"))) {
            otherRequests++;
            return;
        }
        long total = e.getLong("nanos");
        server.add(total);
        remainder.add(total - e.getLong("phasesNanos"));
        for (int i = 0; i < ServerRequestEvent.SLOTS; i++) {
            String phase = e.getString(PHASE[i]);
            if (phase == null) {
                break;
            }
            phases.computeIfAbsent(phase, k -> new Stat()).add(e.getLong(NANOS[i]));
        }
    }

    /** A phase outside any timed request: not part of the run's requests, only counted. */
    synchronized void onPhase(RecordedEvent e) {
        if (!outside(e)) {
            phasesOutsideRequests++;
        }
    }

    /**
     * Accounting, request by request: server total = Σ named phases + framework remainder. Per request
     * means ({@code perRequest}) add up: Σ phases' perRequest + remainder mean = server total mean.
     * Outside the server = client mean − server total mean (network, both event loops' queues, the client).
     */
    synchronized Breakdown result(RunOutcome outcome) {
        double clientMean = outcome == null || outcome.latency() == null ? Double.NaN : outcome.latency().mean();
        double serverMean = server.meanMs();
        long requests = server.count();
        Map<String, Breakdown.Timing> phaseTimings = new LinkedHashMap<>();
        double named = 0;
        for (Map.Entry<String, Stat> p : phases.entrySet()) {
            double perRequest = requests == 0 ? 0 : p.getValue().sumNanos() / (double) requests / 1e6;
            named += perRequest;
            phaseTimings.put(p.getKey(), p.getValue().timing(perRequest, serverMean == 0 ? Double.NaN : perRequest / serverMean));
        }
        long clientRequests = outcome == null ? 0 : outcome.requests();
        return new Breakdown("ms", path, server.timing(Double.NaN, Double.NaN), phaseTimings,
                remainder.timing(remainder.meanMs(), serverMean == 0 ? Double.NaN : remainder.meanMs() / serverMean),
                Stat.millis(named), Stat.millis(clientMean - serverMean), Stat.millis(clientMean),
                Stat.share(serverMean / clientMean), Stat.share(named / clientMean),
                Stat.share(clientRequests == 0 ? Double.NaN : requests / (double) clientRequests), otherRequests,
                phasesOutsideRequests, outsideWindow);
    }
}
