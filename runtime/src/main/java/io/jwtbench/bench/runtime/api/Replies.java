package io.jwtbench.bench.runtime.api;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.vertx.core.Context;
import io.vertx.ext.web.RoutingContext;

/**
 * Writing answers. The bench uses its own ObjectMapper on purpose: its JSON is a contract and must
 * not change with the application's Jackson customizations.
 */
final class Replies {
    static final ObjectMapper JSON = new ObjectMapper();

    private Replies() {
    }

    static Map<String, Object> error(String error, String reason) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", error);
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
