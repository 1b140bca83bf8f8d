package io.jwtbench.bench.runtime.jfr;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;

import io.jwtbench.bench.probe.PhaseEvent;
import io.jwtbench.bench.runtime.spi.RunOutcome;

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
    synchronized Map<String, Object> result(RunOutcome outcome) {
        Map<String, Object> m = new LinkedHashMap<>();
        double clientMean = outcome == null || outcome.latency() == null ? Double.NaN : outcome.latency().mean();
        double serverMean = server.meanMs();
        long requests = server.count();
        m.put("unit", "ms");
        m.put("path", path);
        m.put("serverTotal", server.toJson());
        Map<String, Object> phaseJson = new LinkedHashMap<>();
        double named = 0;
        for (Map.Entry<String, Stat> p : phases.entrySet()) {
            Map<String, Object> j = p.getValue().toJson();
            double perRequest = requests == 0 ? 0 : p.getValue().sumNanos() / (double) requests / 1e6;
            named += perRequest;
            j.put("perRequest", Stat.ms(perRequest));
            j.put("shareOfServer", Stat.ratio(serverMean == 0 ? Double.NaN : perRequest / serverMean));
            phaseJson.put(p.getKey(), j);
        }
        m.put("phases", phaseJson);
        Map<String, Object> rest = remainder.toJson();
        rest.put("perRequest", Stat.ms(remainder.meanMs()));
        rest.put("shareOfServer", Stat.ratio(serverMean == 0 ? Double.NaN : remainder.meanMs() / serverMean));
        m.put("frameworkRemainder", rest);
        m.put("namedPhasesMeanMs", Stat.ms(named));
        m.put("outsideServerMeanMs", Stat.ms(clientMean - serverMean));
        m.put("clientMeanMs", Stat.ms(clientMean));
        m.put("coverage", Stat.ratio(serverMean / clientMean));
        m.put("namedCoverage", Stat.ratio(named / clientMean));
        long clientRequests = outcome == null ? 0 : outcome.requests();
        m.put("requestsTimed", Stat.ratio(clientRequests == 0 ? Double.NaN : requests / (double) clientRequests));
        m.put("otherRequests", otherRequests);
        m.put("phasesOutsideRequests", phasesOutsideRequests);
        m.put("outsideWindow", outsideWindow);
        return m;
    }
}
