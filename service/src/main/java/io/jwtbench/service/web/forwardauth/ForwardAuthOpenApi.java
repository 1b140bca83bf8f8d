package io.jwtbench.service.web.forwardauth;

import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponse;
import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponses;
import static org.eclipse.microprofile.openapi.OASFactory.createHeader;
import static org.eclipse.microprofile.openapi.OASFactory.createOperation;
import static org.eclipse.microprofile.openapi.OASFactory.createParameter;
import static org.eclipse.microprofile.openapi.OASFactory.createPathItem;
import static org.eclipse.microprofile.openapi.OASFactory.createPaths;
import static org.eclipse.microprofile.openapi.OASFactory.createSchema;
import static org.eclipse.microprofile.openapi.OASFactory.createTag;

import java.util.List;

import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.headers.Header;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * The forward-auth route in {@code /q/openapi} ({@code mp.openapi.filter}): it is a Vert.x route, which SmallRye
 * OpenAPI does not scan. Every method answers alike, so each path lists the same operation under every method;
 * the identity headers are those of the default preset (docs/gateways.md names the others).
 */
public class ForwardAuthOpenApi implements OASFilter {
    static final String TAG = "Forward auth";
    private static final List<PathItem.HttpMethod> METHODS = List.of(PathItem.HttpMethod.GET, PathItem.HttpMethod.HEAD,
            PathItem.HttpMethod.POST, PathItem.HttpMethod.PUT, PathItem.HttpMethod.PATCH, PathItem.HttpMethod.DELETE,
            PathItem.HttpMethod.OPTIONS);

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null) {
            openAPI.setPaths(createPaths());
        }
        openAPI.addTag(createTag().name(TAG).description("The token check a gateway calls (NGINX auth_request, Caddy forward_auth,"
                + " Traefik ForwardAuth, Envoy ext_authz, Istio CUSTOM): status and headers, never a body; docs/gateways.md"));
        String root = ForwardAuthRoute.PATH;
        path(openAPI, root, "Checks the bearer token of Authorization against the route's requirements (the query)", true, false);
        path(openAPI, root + "/{path}", "As " + root + ", the query being requirements too; any path under the route", true, true);
        path(openAPI, root + ForwardAuthRoute.ENVOY + "/{path}", "Envoy's shape: the original method, path and query appended; the query"
                + " is the client's, requirements come from X-Auth-Require only", false, true);
        String models = ForwardAuthRoute.MODELS_PATH + "{model}";
        path(openAPI, models, "The route on one execution model (event-loop, worker, virtual), for the bench's model compares", true, false)
                .addParameter(pathParameter("model", "event-loop, worker or virtual"));
    }

    private static PathItem path(OpenAPI openAPI, String path, String summary, boolean queryRequirements, boolean wildcard) {
        PathItem item = createPathItem();
        if (wildcard) {
            item.addParameter(pathParameter("path", "any path (one or more segments)"));
        }
        for (PathItem.HttpMethod method : METHODS) {
            item.setOperation(method, operation(summary, queryRequirements));
        }
        openAPI.getPaths().addPathItem(path, item);
        return item;
    }

    private static Operation operation(String summary, boolean queryRequirements) {
        Operation op = createOperation().summary(summary).addTag(TAG)
                .description("Answers from the headers alone: a request that announces a body is answered and its connection closed,"
                        + " the body never read. Never a 400: gateways turn it into a 500.")
                .addParameter(createParameter().name("Authorization").in(Parameter.In.HEADER).description("Bearer <token>")
                        .schema(string()))
                .addParameter(createParameter().name(ForwardAuthRoute.REQUIRE_HEADER).in(Parameter.In.HEADER)
                        .description("More requirements, in the query's syntax (e.g. aud=orders-api&scope=orders:write)").schema(string()));
        if (queryRequirements) {
            op.addParameter(query("aud", "an audience the token must have (repeatable)"))
                    .addParameter(query("scope", "scopes the token must have, space-separated (repeatable)"))
                    .addParameter(query("role", "a role the token must have (repeatable)"))
                    .addParameter(query("group", "a group the token must be in (repeatable)"))
                    .addParameter(query("issuer", "an accepted issuer, its configured name or iss; any one of them (repeatable)"));
        }
        APIResponse ok = response("Valid, and meets the requirements: the identity in headers, no body")
                .addHeader("X-Auth-Request-User", header("the token's sub (oauth2-proxy preset; '-' when absent)"))
                .addHeader("X-Auth-Request-Email", header("its email"))
                .addHeader("X-Auth-Request-Groups", header("its groups, comma-separated"))
                .addHeader("Cache-Control", header("private, max-age=min(exp - now, jwt.forward-auth.cache-max-age)"))
                .addHeader("X-Accel-Expires", header("the same max-age, for NGINX's cache"));
        op.responses(createAPIResponses().addAPIResponse("200", ok)
                .addAPIResponse("401", refusal("No token (a bare Bearer challenge), a malformed Authorization header, or an invalid token"))
                .addAPIResponse("403", refusal("A requirement the token misses, requirements that do not parse, or an identity above"
                        + " jwt.forward-auth.max-header-bytes"))
                .addAPIResponse("503", refusal("The service cannot decide: the token's issuer has no usable keys")
                        .addHeader("Retry-After", header("seconds until the keys can be fetched again"))));
        return op;
    }

    private static APIResponse refusal(String description) {
        return response(description).addHeader("WWW-Authenticate", header("RFC 6750 challenge; error_description starts with the reason"))
                .addHeader(ForwardAuthAnswers.REASON_NAME, header("the reason code, e.g. TOKEN_EXPIRED, SCOPE_REQUIRED, KEYS_UNAVAILABLE"))
                .addHeader("Cache-Control", header("no-store"));
    }

    private static APIResponse response(String description) {
        return createAPIResponse().description(description);
    }

    private static Header header(String description) {
        return createHeader().description(description).schema(string());
    }

    private static Parameter query(String name, String description) {
        return createParameter().name(name).in(Parameter.In.QUERY).description(description).schema(string());
    }

    private static Parameter pathParameter(String name, String description) {
        return createParameter().name(name).in(Parameter.In.PATH).required(true).description(description).schema(string());
    }

    private static Schema string() {
        return createSchema().addType(Schema.SchemaType.STRING);
    }
}
