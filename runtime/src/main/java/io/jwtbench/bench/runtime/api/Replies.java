package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jwtbench.bench.runtime.plan.SpecException;
import io.vertx.core.Context;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * Reading requests and writing answers, the same way for every bench route. The bench uses its own
 * ObjectMapper on purpose: its JSON is a contract and must not change with the application's Jackson
 * customizations.
 */
final class Replies {
    static final ObjectMapper JSON = new ObjectMapper();

    private Replies() {
    }

    static Map<String, Object> error(String error, String reason) {
        Map<String, Object> m = map("error", error);
        if (reason != null) {
            m.put("reason", reason);
        }
        return m;
    }

    static void json(RoutingContext rc, int status, Object body) {
        String text;
        try {
            text = JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            status = 500;
            text = "{\"error\":\"cannot render JSON\"}";
        }
        end(rc, status, "application/json", text);
    }

    static void text(RoutingContext rc, int status, String body) {
        end(rc, status, "text/plain; charset=utf-8", body);
    }

    static void html(RoutingContext rc, String page) {
        end(rc, 200, "text/html; charset=utf-8", page);
    }

    static void xml(RoutingContext rc, String document) {
        end(rc, 200, "application/xml; charset=utf-8", document);
    }

    /** {@code Accept: text/plain} (and not JSON): the caller wants the text rendering. */
    static boolean wantsText(RoutingContext rc) {
        String accept = rc.request().getHeader("Accept");
        return accept != null && accept.contains("text/plain") && !accept.contains("application/json");
    }

    static void notFound(RoutingContext rc, String what, String id) {
        json(rc, 404, error("no such " + what, "unknown id " + id));
    }

    static void methodNotAllowed(RoutingContext rc, String allowed) {
        rc.response().putHeader("Allow", allowed);
        json(rc, 405, error("method not allowed", "use " + allowed.replace(", ", " or ")));
    }

    /** True for GET and HEAD; anything else is answered 405 here. For the routes that only render. */
    static boolean readOnly(RoutingContext rc) {
        HttpMethod method = rc.request().method();
        if (method == HttpMethod.GET || method == HttpMethod.HEAD) {
            return true;
        }
        methodNotAllowed(rc, "GET");
        return false;
    }

    /** 400 naming the bad field: {@code {"error": <what>, "field", "reason"}}. */
    static void invalid(RoutingContext rc, String what, SpecException e) {
        json(rc, 400, map("error", what, "field", e.field(), "reason", e.reason()));
    }

    /** The POSTed JSON body, or a {@link SpecException} on {@code body}. */
    static JsonNode body(RoutingContext rc, String example) {
        String text = rc.body() == null ? null : rc.body().asString();
        if (text == null || text.isBlank()) {
            throw new SpecException("body", "a JSON object is required, e.g. " + example);
        }
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new SpecException("body", "malformed JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** Answers later, from any thread, on the request's own context. */
    static void later(RoutingContext rc, Context context, Runnable reply) {
        if (context == null) {
            reply.run();
        } else {
            context.runOnContext(v -> reply.run());
        }
    }

    private static void end(RoutingContext rc, int status, String contentType, String body) {
        if (rc.response().ended() || rc.response().closed()) {
            return; // the caller went away while a run was awaited
        }
        rc.response().setStatusCode(status).putHeader("Content-Type", contentType).end(body);
    }
}
