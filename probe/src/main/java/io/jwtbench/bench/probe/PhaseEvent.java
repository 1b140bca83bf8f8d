package io.jwtbench.bench.probe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A named phase that ran outside any timed request (phases inside one are carried by that request's
 * own event, in the bench runtime); its flag also switches {@link Phases} on. Disabled unless a recording
 * enables it (the bench's breakdown does), so that it costs one static flag read otherwise. The
 * duration is a field (measured with {@link System#nanoTime()}), not the event's own.
 */
@Name(PhaseEvent.NAME)
@Label("Request phase")
@Category({ "jwt-bench", "HTTP" })
@Description("A named phase of an HTTP request, e.g. JWT signature verification or JSON serialization")
@StackTrace(false)
@Enabled(false)
public final class PhaseEvent extends Event {
    public static final String NAME = "jwtbench.Phase";

    @Label("Phase")
    String phase;

    @Label("Duration")
    @Timespan(Timespan.NANOSECONDS)
    long nanos;
}
