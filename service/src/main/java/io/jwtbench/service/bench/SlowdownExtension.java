package io.jwtbench.service.bench;

import java.util.LinkedHashMap;
import java.util.Map;

import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.service.web.SlowdownInjector;
import jakarta.inject.Singleton;

/**
 * The {@code slowdown} section of a {@code jwt} run whose requests burned CPU ({@code slowdownUs}): how many
 * burned inside the measured window and the CPU they burned per request, read from the burning threads' own
 * CPU clocks: what the injected slowdown really cost, beside what was asked. Whole process, as the cache's
 * section; absent when nothing burned.
 */
@Singleton
public class SlowdownExtension implements RunExtension {
    private final SlowdownInjector injector;

    public SlowdownExtension(SlowdownInjector injector) {
        this.injector = injector;
    }

    @Override
    public String section() {
        return "slowdown";
    }

    @Override
    public Observation begin(RunContext run) {
        long requestsAtStart = injector.requests();
        long nanosAtStart = injector.burnedNanos();
        return outcome -> {
            long requests = injector.requests() - requestsAtStart;
            if (!"jwt".equals(run.target()) || requests == 0) {
                return null;
            }
            Map<String, Object> section = new LinkedHashMap<>();
            section.put("requests", requests);
            section.put("burnedCpuUsPerRequest", Math.round((injector.burnedNanos() - nanosAtStart) / 1e3 / requests * 100) / 100.0);
            section.put("source", "the burning threads' CPU clocks (ThreadMXBean), inside the measured window");
            return section;
        };
    }
}
