package io.jwtbench.bench.runtime.api;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
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

    /** {@code Accept} weighs {@code text/plain} over JSON: the caller wants the text rendering. */
    static boolean wantsText(RoutingContext rc) {
        return AcceptHeader.prefersText(rc.request().getHeader("Accept"));
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

    /**
     * Refuses, by name, a query parameter the route does not read: {@code ?wiat=true} would start a run and not wait,
     * {@code ?uncorected=true} serve the corrected histogram, each saying nothing.
     */
    static void takesOnly(RoutingContext rc, String... names) {
        for (String given : rc.queryParams().names()) {
            if (!List.of(names).contains(given)) {
                throw new SpecException(given, "not a query parameter of this route: "
                        + (names.length == 0 ? "it takes none" : "it takes " + String.join(", ", names)));
            }
        }
    }

    /**
     * A yes-or-no query parameter ({@code ?wait=true}): absent or {@code false} is no, {@code true} yes; anything
     * else is refused by name rather than read as no ({@code ?wait=1} would not wait, and say nothing).
     */
    static boolean flag(RoutingContext rc, String name) {
        String value = rc.request().getParam(name);
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw new SpecException(name, "a query parameter that is true or false, got \"" + value + "\"");
    }

    /** 400 naming the bad field: {@code {"error": <what>, "field", "reason"}}. */
    static void invalid(RoutingContext rc, String what, SpecException e) {
        json(rc, 400, map("error", what, "field", e.field(), "reason", e.reason()));
    }

    /**
     * JSON tokens of one run report in a body: a real one with its CPU profile has about 20,000. The tree a body
     * parses into costs about 50 bytes of heap per token (scripts/perf/JsonTreeHeap.java), so this bounds what a
     * body of empty objects costs (10 MB) as the body limit alone would not: {@code {},} is 3 bytes of body and
     * 93 of tree, so 1 MB of them would be 31 MB.
     */
    static final int TOKENS_PER_REPORT = 200_000;
    /** JSON tokens of a spec (a few dozen in a real one). */
    static final int SPEC_TOKENS = 10_000;
    /** Readers by the number of reports a body carries (0, 1 or 2). */
    private static final ObjectMapper[] READERS = { reader(0), reader(1), reader(2) };

    /**
     * The POSTed JSON body, or a {@link SpecException} on {@code body}; at most
     * {@value #SPEC_TOKENS} + {@code reports} × {@value #TOKENS_PER_REPORT} JSON tokens, nested at most 256 deep.
     *
     * @param reports the run reports a body of this route carries: 0 (a spec), 1 (a spec and its baseline), 2 (a verdict)
     */
    static JsonNode body(RoutingContext rc, String example, int reports) {
        String text = rc.body() == null ? null : rc.body().asString();
        if (text == null || text.isBlank()) {
            throw new SpecException("body", "a JSON object is required, e.g. " + example);
        }
        try {
            return READERS[reports].readTree(text);
        } catch (StreamConstraintsException e) {
            throw new SpecException("body", "too large a JSON document for this route (" + e.getMessage().lines().findFirst()
                    .orElse("") + "): a spec has a few dozen values and a run report about 20,000");
        } catch (Exception e) {
            throw new SpecException("body", "malformed JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private static ObjectMapper reader(int reports) {
        return new ObjectMapper(JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                .maxTokenCount(SPEC_TOKENS + (long) reports * TOKENS_PER_REPORT).maxNestingDepth(256).build()).build());
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
