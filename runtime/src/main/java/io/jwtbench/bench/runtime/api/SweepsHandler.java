package io.jwtbench.bench.runtime.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.engine.SpecLimits;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.sweep.Sweep;
import io.jwtbench.bench.runtime.sweep.SweepSpec;
import io.jwtbench.bench.runtime.sweep.SweepSpecParser;
import io.jwtbench.bench.runtime.sweep.Sweeps;
import io.quarkus.arc.Arc;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code POST /q/bench/sweeps} starts a sweep (400 bad spec, 409 while a run or series holds the bench, else
 * 202 + Location, or 200 with the final report for {@code ?wait=true}). {@code GET} lists recent
 * sweeps, newest first. Blocking route: the target's prepare() may be slow.
 */
public final class SweepsHandler extends BenchHandler {

    @Override
    void handle(RoutingContext rc, LoadEngine engine) {
        Sweeps sweeps = Arc.container().instance(Sweeps.class).get();
        if (rc.request().method() == HttpMethod.POST) {
            start(rc, engine, sweeps);
        } else if (rc.request().method() == HttpMethod.GET) {
            List<Object> list = new ArrayList<>();
            for (Sweep s : sweeps.recent()) {
                list.add(SweepJson.summary(s.report()));
            }
            Replies.json(rc, 200, Map.of("sweeps", list));
        } else {
            rc.response().putHeader("Allow", "GET, POST");
            Replies.json(rc, 405, Replies.error("method not allowed", "use GET or POST"));
        }
    }

    private static void start(RoutingContext rc, LoadEngine engine, Sweeps sweeps) {
        SweepSpec spec;
        RequestSource source;
        Sweep sweep;
        try {
            spec = new SweepSpecParser(SpecLimits.of(engine.config()), engine.targets().keySet()).parse(body(rc));
            // checked before prepare(), which may be slow; checked again, atomically, by RunSeries.start
            engine.busyWith().ifPresent(id -> {
                throw new RunInProgressException(id);
            });
            source = engine.targets().get(spec.target()).prepare(spec.options());
            sweep = sweeps.start(spec, source);
        } catch (BenchSpecException e) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", "invalid sweep spec");
            body.put("field", e.field());
            body.put("reason", e.reason());
            Replies.json(rc, 400, body);
            return;
        } catch (RunInProgressException e) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", sweeps.find(e.runningId()).isPresent() ? "sweep in progress" : "run in progress");
            body.put("runningId", e.runningId());
            Replies.json(rc, 409, body);
            return;
        }
        if ("true".equals(rc.request().getParam("wait"))) {
            Context context = Vertx.currentContext();
            sweep.finished().whenComplete((report, failure) -> Replies.later(rc, context,
                    () -> Replies.json(rc, 200, SweepJson.report(sweep.report()))));
        } else {
            String base = rc.request().path().endsWith("/") ? rc.request().path() : rc.request().path() + "/";
            rc.response().putHeader("Location", base + sweep.id());
            Replies.json(rc, 202, SweepJson.report(sweep.report()));
        }
    }

    private static JsonNode body(RoutingContext rc) {
        String text = rc.body() == null ? null : rc.body().asString();
        if (text == null || text.isBlank()) {
            throw new BenchSpecException("body",
                    "a JSON object is required, e.g. {\"target\":\"health\",\"connections\":[10,25,50,100],\"duration\":\"5s\"}");
        }
        try {
            return Replies.JSON.readTree(text);
        } catch (Exception e) {
            throw new BenchSpecException("body", "malformed JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
