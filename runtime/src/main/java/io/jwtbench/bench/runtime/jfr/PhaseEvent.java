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
 * One named phase of one request (e.g. {@code jwt.signature}), committed by {@link Phases}. Disabled
 * unless a recording enables it (the bench's breakdown does), so that it costs one static flag read
 * otherwise. The duration is a field (measured with {@link System#nanoTime()}), not the event's own.
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

    @Label("Request path")
    @Description("The path of the request the phase belongs to; null outside a timed request")
    String path;
}
