package io.jwtbench.bench.runtime.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * One HTTP request as the server saw it, from the moment the router handed it to the first filter
 * (headers parsed) to the end of its response, with the named phases ({@link io.jwtbench.bench.probe.Phases}) that ran inside
 * it: up to {@value #SLOTS} names with their time (a phase run twice adds up in its slot), and their
 * total, so {@code nanos - phasesNanos} is what the framework spent around them. One event per request
 * (rather than one per phase) keeps the recording stream's parsing cost down.
 */
@Name(ServerRequestEvent.NAME)
@Label("Server request")
@Category({ "jwt-bench", "HTTP" })
@Description("An HTTP request from routing to response end, with the sum of its named phases")
@StackTrace(false)
@Enabled(false)
public final class ServerRequestEvent extends Event {
    public static final String NAME = "jwtbench.ServerRequest";
    static final int SLOTS = 8;

    @Label("Method")
    String method;

    @Label("Path")
    String path;

    @Label("Status")
    int status;

    @Label("Server time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos;

    @Label("Named phases")
    @Timespan(Timespan.NANOSECONDS)
    long phasesNanos;

    @Label("Phase count")
    int phases;

    @Label("Phase 0")
    String phase0;

    @Label("Phase 0 time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos0;

    @Label("Phase 1")
    String phase1;

    @Label("Phase 1 time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos1;

    @Label("Phase 2")
    String phase2;

    @Label("Phase 2 time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos2;

    @Label("Phase 3")
    String phase3;

    @Label("Phase 3 time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos3;

    @Label("Phase 4")
    String phase4;

    @Label("Phase 4 time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos4;

    @Label("Phase 5")
    String phase5;

    @Label("Phase 5 time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos5;

    @Label("Phase 6")
    String phase6;

    @Label("Phase 6 time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos6;

    @Label("Phase 7")
    String phase7;

    @Label("Phase 7 time")
    @Timespan(Timespan.NANOSECONDS)
    long nanos7;

    /** Copies the request's phases into the slots (the event's fields must be plain fields for JFR). */
    void phases(RequestTiming t) {
        phasesNanos = t.phasesNanos;
        phases = t.phases;
        int n = t.slots;
        if (n > 0) {
            phase0 = t.names[0];
            nanos0 = t.nanos[0];
        }
        if (n > 1) {
            phase1 = t.names[1];
            nanos1 = t.nanos[1];
        }
        if (n > 2) {
            phase2 = t.names[2];
            nanos2 = t.nanos[2];
        }
        if (n > 3) {
            phase3 = t.names[3];
            nanos3 = t.nanos[3];
        }
        if (n > 4) {
            phase4 = t.names[4];
            nanos4 = t.nanos[4];
        }
        if (n > 5) {
            phase5 = t.names[5];
            nanos5 = t.nanos[5];
        }
        if (n > 6) {
            phase6 = t.names[6];
            nanos6 = t.nanos[6];
        }
        if (n > 7) {
            phase7 = t.names[7];
            nanos7 = t.nanos[7];
        }
    }
}
