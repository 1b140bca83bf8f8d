package io.jwtbench.bench.deployment;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.jwtbench.bench.probe.Phases;
import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.ext.web.Router;

/**
 * A test target with known phases: {@code probe.fast} (nothing), then {@code probe.slow}, a busy spin
 * of {@link #SLOW_NANOS} on the event loop. The breakdown must find the 2 ms in probe.slow.
 */
@ApplicationScoped
public class PhasedTarget implements BenchTarget {
    static final String PATH = "/probe/phased";
    static final long SLOW_NANOS = 2_000_000;

    void routes(@Observes Router router) {
        router.get(PATH).handler(rc -> {
            long t = Phases.start();
            t = Phases.lap("probe.fast", t);
            long until = System.nanoTime() + SLOW_NANOS;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            Phases.end("probe.slow", t);
            rc.response().end("phased");
        });
    }

    @Override
    public String name() {
        return "phased";
    }

    @Override
    public String description() {
        return "a route with a fast and a 2 ms phase";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        if (!options.isEmpty()) {
            throw new BenchSpecException(options.keySet().iterator().next(), "target phased has no options");
        }
        BenchRequest request = BenchRequest.get(PATH);
        return sequence -> request;
    }
}
