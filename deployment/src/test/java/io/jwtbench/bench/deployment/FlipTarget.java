package io.jwtbench.bench.deployment;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;

/**
 * Routes of {@link ProbeTarget}: good requests while {@link #BROKEN} is false, else deliberately bad
 * requests that the route wrongly accepts (every one an error for the smoke bench).
 */
@ApplicationScoped
public class FlipTarget implements BenchTarget {
    static volatile boolean BROKEN;

    @Override
    public String name() {
        return "flip";
    }

    @Override
    public String description() {
        return "GET /probe/ok, wrongly accepted bad requests once broken";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        BenchRequest request = BROKEN
                ? new BenchRequest(HttpMethod.GET, "/probe/ok", MultiMap.caseInsensitiveMultiMap(), null, true)
                : BenchRequest.get("/probe/ok");
        return sequence -> request;
    }
}
