package io.jwtbench.bench.runtime.api;

import java.util.Iterator;
import java.util.Objects;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.engine.Baselines;
import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.stats.Regression;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code POST /q/bench/regression}: two finished runs held against each other, no load started.
 * {@code {"baseline": <report or run id>, "current": <report or run id>, "tolerancePercent": 5}} answers
 * the {@code regression} section the current run would have had with that baseline (text with
 * {@code Accept: text/plain}: its summary); a bad report is a 400 naming the field.
 */
final class RegressionHandler extends BenchHandler {
    static final String CURRENT = "current";
    private static final String EXAMPLE = "{\"baseline\": <run report or run id>, \"current\": <run report or run id>}";
    private static final Set<String> FIELDS = Set.of(Baselines.FIELD, CURRENT, Baselines.TOLERANCE);

    @Override
    void handle(RoutingContext rc, Bench bench) {
        if (rc.request().method() != HttpMethod.POST) {
            Replies.methodNotAllowed(rc, "POST");
            return;
        }
        Regression regression;
        try {
            JsonNode body = Replies.body(rc, EXAMPLE, 2);
            if (!body.isObject()) {
                throw new SpecException("body", "must be a JSON object, e.g. " + EXAMPLE);
            }
            for (Iterator<String> it = body.fieldNames(); it.hasNext();) {
                String name = it.next();
                if (!FIELDS.contains(name)) {
                    throw new SpecException(name, "unknown field: give baseline, current and optionally tolerancePercent");
                }
            }
            RunReport current = Baselines.report(required(body, CURRENT), CURRENT, bench);
            RunReport baseline = Baselines.report(required(body, Baselines.FIELD), Baselines.FIELD, bench);
            if (baseline.id().equals(current.id()) && Objects.equals(baseline.startedAt(), current.startedAt())) {
                throw new SpecException(CURRENT, "is the baseline itself (run " + current.id() + "): hold a run"
                        + " against another, earlier one (an A/A check is two runs of one build: scripts/ab.sh)");
            }
            regression = Regression.of(current, baseline, Baselines.tolerance(body.get(Baselines.TOLERANCE)));
        } catch (SpecException e) {
            Replies.invalid(rc, "invalid verdict request", e);
            return;
        }
        if (Replies.wantsText(rc)) {
            Replies.text(rc, 200, regression.summary() + "\n");
        } else {
            Replies.json(rc, 200, regression);
        }
    }

    private static JsonNode required(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || node.isNull()) {
            throw new SpecException(field, "required: a run report (the JSON of GET /q/bench/runs/{id}) or a run id");
        }
        return node;
    }
}
