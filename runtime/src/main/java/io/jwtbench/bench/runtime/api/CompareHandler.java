package io.jwtbench.bench.runtime.api;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.engine.RunSeriesHistory;
import io.jwtbench.bench.runtime.engine.RunSpec;
import io.jwtbench.bench.runtime.engine.RunSpecParser;
import io.jwtbench.bench.runtime.engine.SpecLimits;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.quarkus.arc.Arc;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code POST /q/bench/compare} with {@code {"spec":{run spec}, "models":["a","b",..]}}: one run per
 * model, back to back ({@link RunSeries}), each the same spec plus the target option
 * {@code "model"}. Every model's requests are prepared before the first run, so a bad model is a 400
 * naming {@code models}. 202 with a Location, or with {@code ?wait=true} 200 with the table once the
 * last model ran; 409 while a run or series holds the bench. {@code GET}: recent compares, newest first.
 * Blocking route: preparing requests may be slow.
 */
public final class CompareHandler extends BenchHandler {
    static final int MAX_MODELS = 10;

    @Override
    void handle(RoutingContext rc, LoadEngine engine) {
        RunSeriesHistory history = Arc.container().instance(RunSeriesHistory.class).get();
        if (rc.request().method() == HttpMethod.POST) {
            start(rc, engine, history);
        } else if (rc.request().method() == HttpMethod.GET) {
            List<Object> compares = new ArrayList<>();
            for (RunSeries s : history.recent(CompareView.KIND)) {
                compares.add(CompareView.summary(s));
            }
            Replies.json(rc, 200, Map.of("compares", compares));
        } else {
            rc.response().putHeader("Allow", "GET, POST");
            Replies.json(rc, 405, Replies.error("method not allowed", "use GET or POST"));
        }
    }

    private void start(RoutingContext rc, LoadEngine engine, RunSeriesHistory history) {
        List<RunSeries.Step> steps;
        try {
            JsonNode body = RunsHandler.body(rc);
            if (!body.isObject()) {
                throw new BenchSpecException("body", "must be a JSON object {\"spec\":{..},\"models\":[..]}");
            }
            for (Iterator<String> names = body.fieldNames(); names.hasNext();) {
                String name = names.next();
                if (!name.equals("spec") && !name.equals("models")) {
                    throw new BenchSpecException(name, "unknown field; a compare takes spec and models");
                }
            }
            List<String> models = models(body.get("models"));
            JsonNode specNode = body.get("spec");
            if (specNode == null || !specNode.isObject()) {
                throw new BenchSpecException("spec", "required: a run spec object, as for POST /q/bench/runs");
            }
            if (specNode.has(CompareView.OPTION)) {
                throw new BenchSpecException("spec." + CompareView.OPTION, "set by each entry of models; remove it from spec");
            }
            RunSpec spec;
            try {
                spec = new RunSpecParser(SpecLimits.of(engine.config()), engine.targets().keySet()).parse(specNode);
            } catch (BenchSpecException e) {
                throw new BenchSpecException("spec." + e.field(), e.reason());
            }
            // checked before preparing, which may be slow; checked again, atomically, by RunSeries.start
            if (engine.busyWith().isPresent()) {
                throw new RunInProgressException(engine.busyWith().get());
            }
            steps = new ArrayList<>();
            for (String model : models) {
                Map<String, Object> options = new LinkedHashMap<>(spec.options());
                options.put(CompareView.OPTION, model);
                RunSpec modelSpec = new RunSpec(spec.target(), spec.model(), spec.connections(), spec.rate(),
                        spec.duration(), spec.warmup(), spec.timeout(), options);
                RequestSource source;
                try {
                    source = engine.targets().get(spec.target()).prepare(options);
                } catch (BenchSpecException e) {
                    throw e.field().equals(CompareView.OPTION)
                            ? new BenchSpecException("models", "model \"" + model + "\": " + e.reason())
                            : new BenchSpecException("spec." + e.field(), e.reason());
                }
                steps.add(new RunSeries.Step(model, modelSpec, source));
            }
        } catch (BenchSpecException e) {
            RunsHandler.invalid(rc, e);
            return;
        } catch (RunInProgressException e) {
            RunsHandler.inProgress(rc, e);
            return;
        }
        RunSeries series;
        try {
            series = RunSeries.start(engine, history, CompareView.KIND, steps);
        } catch (RunInProgressException e) {
            RunsHandler.inProgress(rc, e);
            return;
        }
        if ("true".equals(rc.request().getParam("wait"))) {
            Context context = Vertx.currentContext();
            series.finished().whenComplete((s, failure) -> Replies.later(rc, context, () -> CompareRunHandler.reply(rc, 200, series)));
        } else {
            String base = rc.request().path().endsWith("/") ? rc.request().path() : rc.request().path() + "/";
            rc.response().putHeader("Location", base + series.id());
            CompareRunHandler.reply(rc, 202, series);
        }
    }

    private static List<String> models(JsonNode node) {
        if (node == null || !node.isArray() || node.isEmpty()) {
            throw new BenchSpecException("models", "required: a non-empty list of model names, e.g. [\"event-loop\",\"worker\",\"virtual\"]");
        }
        if (node.size() > MAX_MODELS) {
            throw new BenchSpecException("models", "at most " + MAX_MODELS + " models");
        }
        List<String> models = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode m : node) {
            if (!m.isTextual() || m.asText().isBlank()) {
                throw new BenchSpecException("models", "every model is a non-empty string, got " + m);
            }
            if (!seen.add(m.asText())) {
                throw new BenchSpecException("models", "model \"" + m.asText() + "\" is listed twice");
            }
            models.add(m.asText());
        }
        return models;
    }
}
