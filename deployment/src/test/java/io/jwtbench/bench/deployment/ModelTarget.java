package io.jwtbench.bench.deployment;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.ext.web.Router;

/** A target with the option a compare sets: {@code model} {@code a}, {@code b} or {@code c}, each its own route. */
@ApplicationScoped
public class ModelTarget implements BenchTarget {

    void routes(@Observes Router router) {
        router.get("/model/:name").handler(rc -> rc.response().end(rc.pathParam("name")));
    }

    @Override
    public String name() {
        return "modal";
    }

    @Override
    public String description() {
        return "one route per model";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        for (String key : options.keySet()) {
            if (!key.equals("model")) {
                throw new BenchSpecException(key, "unknown option of target modal (known: model)");
            }
        }
        Object model = options.getOrDefault("model", "a");
        if (!model.equals("a") && !model.equals("b") && !model.equals("c")) {
            throw new BenchSpecException("model", "must be a, b or c");
        }
        return RequestSource.always(BenchRequest.get("/model/" + model), Map.of("path", "/model/" + model));
    }
}
