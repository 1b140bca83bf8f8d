package io.jwtbench.bench.runtime.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.engine.RunSpec;
import io.jwtbench.bench.runtime.engine.RunSpecParser;
import io.jwtbench.bench.runtime.engine.SpecLimits;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code POST /q/bench/runs} starts a run: 400 for a bad spec, 409 while another run is not finished,
 * else 202 with a Location (or, with {@code ?wait=true}, 200 once finished). {@code GET} lists the
 * targets and recent runs, newest first. Registered as a blocking route: a target's prepare() may
 * take a while.
 */
public final class RunsHandler extends BenchHandler {

    @Override
    void handle(RoutingContext rc, LoadEngine engine) {
        if (rc.request().method() == HttpMethod.POST) {
            start(rc, engine);
        } else if (rc.request().method() == HttpMethod.GET) {
            list(rc, engine);
        } else {
            rc.response().putHeader("Allow", "GET, POST");
            Replies.json(rc, 405, Replies.error("method not allowed", "use GET or POST"));
        }
    }

    private void start(RoutingContext rc, LoadEngine engine) {
        RunSpec spec;
        RequestSource source;
        try {
            spec = new RunSpecParser(SpecLimits.of(engine.config()), engine.targets().keySet()).parse(body(rc));
            // checked before prepare(), which may be slow; checked again, atomically, by start()
            if (engine.busyWith().isPresent()) {
                throw new RunInProgressException(engine.busyWith().get());
            }
            source = engine.targets().get(spec.target()).prepare(spec.options());
        } catch (BenchSpecException e) {
            invalid(rc, e);
            return;
        } catch (RunInProgressException e) {
            inProgress(rc, e);
            return;
        }
        Run run;
        try {
            run = engine.start(spec, source);
        } catch (RunInProgressException e) {
            inProgress(rc, e);
            return;
        }
        if ("true".equals(rc.request().getParam("wait"))) {
            Context context = Vertx.currentContext();
            run.finished().whenComplete(
                    (report, failure) -> Replies.later(rc, context,
                            () -> Replies.json(rc, 200, JsonView.report(run.report()))));
        } else {
            String base = rc.request().path().endsWith("/") ? rc.request().path() : rc.request().path() + "/";
            rc.response().putHeader("Location", base + run.id());
            Replies.json(rc, 202, JsonView.report(run.report()));
        }
    }

    static JsonNode body(RoutingContext rc) {
        String text = rc.body() == null ? null : rc.body().asString();
        if (text == null || text.isBlank()) {
            throw new BenchSpecException("body", "a JSON object is required, e.g. {\"target\":\"health\",\"connections\":10,\"duration\":\"10s\"}");
        }
        try {
            return Replies.JSON.readTree(text);
        } catch (Exception e) {
            throw new BenchSpecException("body", "malformed JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    static void invalid(RoutingContext rc, BenchSpecException e) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "invalid run spec");
        body.put("field", e.field());
        body.put("reason", e.reason());
        Replies.json(rc, 400, body);
    }

    static void inProgress(RoutingContext rc, RunInProgressException e) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "run in progress");
        body.put("runningId", e.runningId());
        Replies.json(rc, 409, body);
    }

    private void list(RoutingContext rc, LoadEngine engine) {
        List<Object> targets = new ArrayList<>();
        for (BenchTarget t : engine.targets().values()) {
            targets.add(Map.of("name", t.name(), "description", t.description()));
        }
        List<Object> runs = new ArrayList<>();
        for (Run run : engine.recent()) {
            runs.add(JsonView.summary(run.report()));
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("targets", targets);
        body.put("runs", runs);
        Replies.json(rc, 200, body);
    }
}
