package io.jwtbench.bench.deployment;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;

/**
 * A target of the test application, as an application would write one: option {@code mode} picks
 * "ok" (200s), "reject" (deliberately bad requests answered 401), "wrongly-accepted" (bad requests
 * answered 200) or "slow" (200s, each {@value #SLOW_MS} ms after it arrived, on a timer: a server of known delay,
 * whose closed-model throughput is connections ÷ that delay however many connections there are).
 */
@ApplicationScoped
public class ProbeTarget implements BenchTarget {
    static final long SLOW_MS = 20;

    void routes(@Observes Router router) {
        router.get("/probe/ok").handler(rc -> rc.response().end("ok"));
        router.get("/probe/deny").handler(rc -> rc.response().setStatusCode(401).end());
        router.get("/probe/slow").handler(rc -> rc.vertx().setTimer(SLOW_MS, timer -> rc.response().end("ok")));
    }

    @Override
    public String name() {
        return "probe";
    }

    @Override
    public String description() {
        return "test routes";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        for (String key : options.keySet()) {
            if (!key.equals("mode")) {
                throw new BenchSpecException(key, "unknown option of target probe (known: mode)");
            }
        }
        String mode = String.valueOf(options.getOrDefault("mode", "ok"));
        BenchRequest request = switch (mode) {
            case "ok" -> BenchRequest.get("/probe/ok");
            case "reject" -> bad("/probe/deny");
            case "wrongly-accepted" -> bad("/probe/ok");
            case "slow" -> BenchRequest.get("/probe/slow");
            default -> throw new BenchSpecException("mode", "must be ok, reject, wrongly-accepted or slow");
        };
        return RequestSource.always(request, Map.of("mode", mode));
    }

    private static BenchRequest bad(String path) {
        return new BenchRequest(HttpMethod.GET, path, MultiMap.caseInsensitiveMultiMap().add("Authorization", "Bearer x"),
                null, true);
    }
}
