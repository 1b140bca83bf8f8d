package io.jwtbench.bench.probe;

/**
 * Timing named phases of a request for the bench's breakdown, as JFR events. Usage:
 *
 * <pre>
 * long t = Phases.start();
 * ... // the phase
 * t = Phases.lap("jwt.signature", t); // ends it, starts the next one
 * </pre>
 *
 * When no recording enables {@link PhaseEvent} (the normal case), {@link #start()} returns 0 after
 * reading one static flag and {@link #lap}/{@link #end} return at once: no clock read, no allocation.
 * When enabled, a phase inside a timed request is added to that request (through the
 * {@link RequestPhases} the bench runtime installed: one event per request, whatever the number of
 * phases), so the breakdown can subtract named phases from the server time request by request. A
 * phase outside a timed request becomes a {@link PhaseEvent} of its own. Phases of one request must not overlap:
 * their sum is meant to be part of the request's time.
 */
public final class Phases {
    /** Only ever asked isEnabled(), which reads the event class' static configuration. */
    private static final PhaseEvent PROBE = new PhaseEvent();
    /** Read only while phases are recorded. */
    private static volatile RequestPhases requests = RequestPhases.NONE;

    private Phases() {
    }

    /** Called by the bench runtime at start-up: how to find the request being served. */
    public static void install(RequestPhases requestPhases) {
        requests = requestPhases == null ? RequestPhases.NONE : requestPhases;
    }

    /** Whether phases are being recorded right now. */
    public static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** A start time for {@link #lap}/{@link #end}, or 0 when nothing records phases. */
    public static long start() {
        return PROBE.isEnabled() ? System.nanoTime() : 0L;
    }

    /** Ends the phase begun at {@code start} (if it was timed) and returns the start of the next one. */
    public static long lap(String phase, long start) {
        if (start == 0L) {
            return 0L;
        }
        long now = System.nanoTime();
        record(phase, now - start);
        return now;
    }

    /** Ends the phase begun at {@code start}, if it was timed. */
    public static void end(String phase, long start) {
        if (start != 0L) {
            record(phase, System.nanoTime() - start);
        }
    }

    /**
     * Ends a phase that began when the server received the current request (as the first filter
     * saw it), minus the named phases already recorded for it: e.g. "dispatch", called on entering
     * the resource method. Does nothing outside a timed request.
     */
    public static void sinceRequestStart(String phase) {
        if (!PROBE.isEnabled()) {
            return;
        }
        RequestPhases current = requests;
        long nanos = current.unclaimedSinceStart();
        if (nanos > 0) {
            current.add(phase, nanos);
        }
    }

    /** Records a phase measured elsewhere. */
    public static void record(String phase, long nanos) {
        if (PROBE.isEnabled()) {
            commit(phase, nanos);
        }
    }

    private static void commit(String phase, long nanos) {
        if (requests.add(phase, nanos)) {
            return;
        }
        PhaseEvent event = new PhaseEvent();
        event.phase = phase;
        event.nanos = nanos;
        event.commit();
    }
}
