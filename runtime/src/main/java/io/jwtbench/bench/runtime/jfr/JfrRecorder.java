package io.jwtbench.bench.runtime.jfr;

import io.jwtbench.bench.runtime.api.RecordingHandler;
import io.quarkus.runtime.annotations.Recorder;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/** The runtime objects of the JFR side: the server timing filter and the recording download route. */
@Recorder
public class JfrRecorder {

    public Handler<RoutingContext> serverTimingFilter() {
        return new ServerTimingFilter();
    }

    /** {@code /q/bench/runs/:id/recording.jfr}. */
    public Handler<RoutingContext> recordingHandler() {
        return new RecordingHandler();
    }
}
