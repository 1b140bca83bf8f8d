package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Map;

import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.engine.RunSeries;

/**
 * The live event of a compare or a sweep ({@code /events}): where the series is and the current
 * step's live figures, a few hundred bytes. The full JSON (every step's report, histograms
 * included) is sent once, as the stream's last event.
 */
public final class SeriesProgress {
    private SeriesProgress() {
    }

    public static Map<String, Object> event(RunSeries<?> s) {
        Map<String, Object> m = map("id", s.id(), "kind", s.kind(), "status", s.status().name(),
                "stepsStarted", s.startedSteps(), "steps", s.steps().size());
        s.current().ifPresent(run -> {
            RunSeries.Step step = s.steps().get(Math.max(0, s.startedSteps() - 1));
            Map<String, Object> current = RunReportJson.progressEvent(run.report());
            current.put("label", step.label());
            if (step.warmup()) {
                current.put("warmupStep", true);
            }
            m.put("current", current);
        });
        return m;
    }
}
