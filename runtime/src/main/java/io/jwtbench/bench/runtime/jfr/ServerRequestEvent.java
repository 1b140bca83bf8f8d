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
 * (headers parsed) to the end of its response, with the total of the named {@link PhaseEvent phases}
 * that ran inside it, so {@code nanos - phasesNanos} is what the framework spent around them.
 */
@Name(ServerRequestEvent.NAME)
@Label("Server request")
@Category({ "jwt-bench", "HTTP" })
@Description("An HTTP request from routing to response end, with the sum of its named phases")
@StackTrace(false)
@Enabled(false)
public final class ServerRequestEvent extends Event {
    public static final String NAME = "jwtbench.ServerRequest";

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
}
