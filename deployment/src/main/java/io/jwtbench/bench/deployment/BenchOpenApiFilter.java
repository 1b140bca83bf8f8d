package io.jwtbench.bench.deployment;

import static io.jwtbench.bench.deployment.OpenApiTypes.array;
import static io.jwtbench.bench.deployment.OpenApiTypes.binary;
import static io.jwtbench.bench.deployment.OpenApiTypes.bool;
import static io.jwtbench.bench.deployment.OpenApiTypes.closed;
import static io.jwtbench.bench.deployment.OpenApiTypes.dateTime;
import static io.jwtbench.bench.deployment.OpenApiTypes.duration;
import static io.jwtbench.bench.deployment.OpenApiTypes.integer;
import static io.jwtbench.bench.deployment.OpenApiTypes.number;
import static io.jwtbench.bench.deployment.OpenApiTypes.object;
import static io.jwtbench.bench.deployment.OpenApiTypes.ref;
import static io.jwtbench.bench.deployment.OpenApiTypes.string;
import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponse;
import static org.eclipse.microprofile.openapi.OASFactory.createAPIResponses;
import static org.eclipse.microprofile.openapi.OASFactory.createComponents;
import static org.eclipse.microprofile.openapi.OASFactory.createContent;
import static org.eclipse.microprofile.openapi.OASFactory.createMediaType;
import static org.eclipse.microprofile.openapi.OASFactory.createOperation;
import static org.eclipse.microprofile.openapi.OASFactory.createParameter;
import static org.eclipse.microprofile.openapi.OASFactory.createPathItem;
import static org.eclipse.microprofile.openapi.OASFactory.createPaths;
import static org.eclipse.microprofile.openapi.OASFactory.createRequestBody;
import static org.eclipse.microprofile.openapi.OASFactory.createSchema;
import static org.eclipse.microprofile.openapi.OASFactory.createTag;

import java.util.LinkedHashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

import io.jwtbench.bench.runtime.plan.Percentile;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.plan.ServerCertificate;
import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.stats.Breakdown;
import io.jwtbench.bench.runtime.stats.Sections;
import io.jwtbench.bench.runtime.stats.Verdict;

/**
 * The bench API in the application's OpenAPI document ({@code /q/openapi}): its routes are Vert.x
 * routes, which SmallRye OpenAPI does not scan, so this filter adds them at build time, as SmallRye
 * Health does for {@code /q/health}. Paths are those the routes were registered under (the
 * non-application root may be moved); the schemas describe the run spec, the run report's main
 * fields and the error bodies.
 */
final class BenchOpenApiFilter implements OASFilter {
    static final String TAG = "Bench";
    private static final String JSON = "application/json";
    private static final String TEXT = "text/plain";
    private static final String HTML = "text/html";

    /** {@code /q/bench}, as resolved for the routes. */
    private final String root;

    BenchOpenApiFilter(String root) {
        this.root = root;
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null) {
            openAPI.setPaths(createPaths());
        }
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(createComponents());
        }
        schemas().forEach(openAPI.getComponents()::addSchema);
        openAPI.addTag(createTag().name(TAG).description("In-process load runs, compares, sweeps and fleet runs"));

        subject(openAPI, "runs", "run", "RunSpec", "RunReport");
        subject(openAPI, "compare", "compare", "ComparePlan", "CompareReport");
        subject(openAPI, "sweeps", "sweep", "SweepSpec", "SweepReport");
        subject(openAPI, "fleet", "fleet run", "RunSpec", "FleetReport");

        String run = "/runs/{id}";
        get(openAPI, run + "/histogram", "The measured latencies as HdrHistogram's percentile distribution (.hgrm, ms)",
                content(TEXT, string()), id(), query("uncorrected", "true: the open model's uncorrected histogram"));
        get(openAPI, run + "/recording.jfr", "The run's raw JFR recording (runs started with \"jfr\": true);"
                + " needs the operator role even with public reads", content("application/octet-stream", binary()), id());
        get(openAPI, run + "/profile.folded", "The run's sampled stacks as folded lines (flame graph input);"
                + " needs the operator role even with public reads", content(TEXT, string()), id());
        get(openAPI, run + "/benchmark-data.json", "The run as benchmark-data.json", content(JSON, object()), id());
        Operation junit = get(openAPI, run + "/junit.xml", "The finished run's thresholds as JUnit test cases (an empty suite"
                + " without thresholds), its text summary as the suite's output", content("application/xml", string()), id());
        junit.getResponses().addAPIResponse("409", createAPIResponse().description("The run has not ended yet")
                .content(content(JSON, ref("Error"))));
        get(openAPI, run + "/hyperfoil.yaml", "The run's load as a Hyperfoil benchmark (no credential is written: a header the target cannot export, e.g. the jwt target's bearer tokens, comes from a file it names, tokens.txt)",
                content("application/yaml", string()), id(), query("host",
                        "where the benchmark sends, e.g. https://service.example:8443 (default: where the run sent)"));
        Operation regression = operation("Holds one finished run against another (no load is started): the regression"
                + " section the current run would have with that baseline (its summary with Accept: text/plain)",
                responses(200, "The regression", content(JSON, ref("Regression")).addMediaType(TEXT,
                        createMediaType().schema(string()))))
                .requestBody(createRequestBody().required(true).content(content(JSON, ref("RegressionRequest"))));
        regression.getResponses().addAPIResponse("400", error("A report that is not a finished run report of a format"
                + " this service reads, an unknown run id: names the field and the reason", "SpecError"));
        regression.getResponses().addAPIResponse("413", error("The body is larger than twice quarkus.bench.max-body-size", "Error"));
        regression.getResponses().addAPIResponse("415", error("The body is not application/json", "Error"));
        path(openAPI, "/regression").POST(regression);
        path(openAPI, "/verdict").POST(operation("The old name of POST " + root + "/regression: a 308 to it (same method"
                + " and body), whose body names it", responses(308, "Moved to " + root + "/regression",
                        content(JSON, ref("Moved")))).deprecated(true));
        get(openAPI, "/compare/{id}/benchmark-data.json", "Each model's median round as benchmark-data.json",
                content(JSON, object()), id());
        get(openAPI, "/sweeps/{id}/benchmark-data.json", "Each step as benchmark-data.json", content(JSON, object()), id());
        get(openAPI, "/report.html", "Several runs overlaid in one HTML page", content(HTML, string()), runs());
        get(openAPI, "/profile-diff", "The CPU profiles of two runs compared by component",
                content(JSON, object()), runs());
    }

    /**
     * The collection (GET lists, POST starts) and the item (GET, DELETE cancels), its live events and
     * its HTML report.
     */
    private void subject(OpenAPI openAPI, String collection, String noun, String spec, String report) {
        String base = "/" + collection;
        Operation list = operation("The recent " + noun + "s", responses(200, "The recent " + noun + "s",
                content(JSON, object())));
        Operation start = operation("Starts a " + noun + ": 202 with its Location at once, or 200 once it ended with ?wait=true",
                responses(202, "Started; Location names it", content(JSON, ref(report)).addMediaType(TEXT, createMediaType().schema(string()))))
                .requestBody(createRequestBody().required(true).content(content(JSON, ref(spec))))
                .addParameter(query("wait", "true: answer 200 once it ended"));
        start.getResponses().addAPIResponse("200", createAPIResponse().description("Ended (with ?wait=true)")
                .content(content(JSON, ref(report))));
        start.getResponses().addAPIResponse("400", error("Invalid spec: names the field and the reason", "SpecError"));
        start.getResponses().addAPIResponse("409", error("Another run holds the bench", "BusyError"));
        start.getResponses().addAPIResponse("413", error("The body is larger than quarkus.bench.max-body-size (a run, which may"
                + " carry its baseline report) or quarkus.bench.max-spec-size (the others)", "Error"));
        start.getResponses().addAPIResponse("415", error("The body is not application/json", "Error"));
        path(openAPI, base).GET(list).POST(start);

        Operation read = operation("One " + noun + " (text with Accept: text/plain)", responses(200, "The " + noun,
                content(JSON, ref(report)).addMediaType(TEXT, createMediaType().schema(string())))).addParameter(id());
        Operation cancel = operation("Cancels the " + noun + " and answers what it measured",
                responses(200, "Cancelled", content(JSON, ref(report)))).addParameter(id());
        notFound(read);
        notFound(cancel);
        path(openAPI, base + "/{id}").GET(read).DELETE(cancel);

        get(openAPI, base + "/{id}/events", "Server-Sent Events: a progress event a second while it goes on, then"
                + " a summary event (its JSON) and the end", content("text/event-stream", string()), id())
                .getResponses().addAPIResponse("429", error("As many streams as quarkus.bench.max-event-subscribers are"
                        + " open for it already", "Error"));
        get(openAPI, base + "/{id}/report.html", "The " + noun + " as a self-contained HTML page (live while it runs)",
                content(HTML, string()), id());
    }

    private Operation get(OpenAPI openAPI, String path, String summary, Content content, Parameter... params) {
        Operation op = operation(summary, responses(200, summary, content));
        for (Parameter p : params) {
            op.addParameter(p);
        }
        notFound(op);
        path(openAPI, path).GET(op);
        return op;
    }

    private PathItem path(OpenAPI openAPI, String path) {
        PathItem item = createPathItem();
        openAPI.getPaths().addPathItem(root + path, item);
        return item;
    }

    /** Every bench route answers 401/403 when quarkus.bench.security.* refuses the caller. */
    private static Operation operation(String summary, APIResponses responses) {
        responses.addAPIResponse("401", error("No caller where the bench needs one", "Error"));
        responses.addAPIResponse("403", error("The caller lacks the bench role", "Error"));
        return createOperation().summary(summary).addTag(TAG).responses(responses);
    }

    private static APIResponses responses(int status, String description, Content content) {
        return createAPIResponses().addAPIResponse(String.valueOf(status),
                createAPIResponse().description(description).content(content));
    }

    private static void notFound(Operation op) {
        op.getResponses().addAPIResponse("404", error("Unknown id (or nothing of that kind kept for it)", "Error"));
    }

    private static org.eclipse.microprofile.openapi.models.responses.APIResponse error(String description, String schema) {
        return createAPIResponse().description(description).content(content(JSON, ref(schema)));
    }

    private static Content content(String mediaType, Schema schema) {
        return createContent().addMediaType(mediaType, createMediaType().schema(schema));
    }

    private static Parameter id() {
        return createParameter().name("id").in(Parameter.In.PATH).required(true).schema(string());
    }

    private static Parameter runs() {
        return createParameter().name("runs").in(Parameter.In.QUERY).required(true)
                .description("run ids, comma-separated").schema(string());
    }

    private static Parameter query(String name, String description) {
        return createParameter().name(name).in(Parameter.In.QUERY).description(description).schema(string());
    }

    // --- schemas ---------------------------------------------------------------------------------

    /** A run report, or the id of a finished run the service still keeps. */
    private static Schema report() {
        return createSchema().description("a run report (the JSON of GET /q/bench/runs/{id}) or a run id");
    }

    private static Map<String, Schema> schemas() {
        Map<String, Schema> s = new LinkedHashMap<>();
        s.put("Error", object().description("An error: what, and why").required(List.of("error"))
                .addProperty("error", string()).addProperty("reason", string()));
        s.put("SpecError", object().description("A bad spec: the field and the reason").required(List.of("error", "field", "reason"))
                .addProperty("error", string().description("e.g. \"invalid run spec\""))
                .addProperty("field", string()).addProperty("reason", string()));
        s.put("BusyError", object().description("The bench is busy").addProperty("error", string())
                .addProperty("runningId", string()));
        Schema thresholds = object().description("What the verdict judges against; latencies as durations")
                .additionalPropertiesBoolean(false);
        for (Percentile p : Percentile.values()) {
            thresholds.addProperty(p.key(), duration());
        }
        s.put("Thresholds", thresholds.addProperty("minRps", number()).addProperty("maxErrorRate", number()));
        s.put("RunSpec", object().description("A run: the target, its load model (closed: connections; open: rate,"
                + " ramp: rate and rampTo, over connections), durations, what to observe. Other fields are the target's"
                + " options (e.g. the jwt target's tokens, algorithm, model).").required(List.of("target"))
                .additionalPropertiesBoolean(true)
                .addProperty("target", string().description("e.g. health, jwt"))
                .addProperty("connections", integer()).addProperty("rate", integer().description("req/s: the open model"))
                .addProperty("rampTo", integer().description("req/s at the end: a ramp from rate"))
                .addProperty("duration", duration()).addProperty("warmup", duration().description("a duration or \"auto\""))
                .addProperty("timeout", duration()).addProperty("breakdown", bool()).addProperty("jfr", bool())
                .addProperty("profile", bool()).addProperty("thresholds", ref("Thresholds"))
                .addProperty("startAt", string().format("date-time").description("start sending at this instant"))
                .addProperty("baseline", report().description("a plain run only: the finished run it is held against"
                        + " (its report, or its id while this service keeps it); the report gets a regression section"))
                .addProperty("tolerancePercent", number().description("with a baseline: a change within it is no"
                        + " significant difference (default 20)"))
                .addProperty("tls", bool().description("connect to the application's HTTPS port, trusting its own"
                        + " certificate only (default false)"))
                .addProperty("protocol", string().enumeration(List.copyOf(Transport.PROTOCOLS)).description(
                        "the HTTP protocol offered (by ALPN with TLS)"))
                .addProperty("streams", integer().description("requests in flight per connection; 1 for HTTP/1.1"))
                .addProperty("keepAlive", bool().description("false: a new connection, and with TLS a new handshake,"
                        + " per request (default true)"))
                .addProperty("tlsEngine", string().enumeration(List.of("jdk", "openssl")).description(
                        "the generator's TLS engine: the JDK's or BoringSSL (netty-tcnative, where it loads)"))
                .addProperty("serverTlsEngine", string().enumeration(List.of("jdk", "openssl")).description(
                        "the server's TLS engine; absent: the application's HTTPS port's (the other one on a bench listener)"))
                .addProperty("certificate", string().enumeration(Arrays.stream(ServerCertificate.values())
                        .<Object> map(c -> c.jsonName).toList()).description("what the server presents: the application's"
                                + " certificate, or one of that key type the bench makes (on a bench listener)"))
                .addProperty("resumption", bool().description("whether new connections resume earlier sessions"
                        + " (default true)")));
        s.put("Moved", object().description("A renamed route: its new location").addProperty("error", string())
                .addProperty("location", string()).addProperty("reason", string()));
        s.put("RegressionRequest", object().required(List.of("baseline", "current")).additionalPropertiesBoolean(false)
                .addProperty("baseline", report()).addProperty("current", report())
                .addProperty("tolerancePercent", number()));
        s.put("ComparePlan", object().required(List.of("spec")).description("models or transports: what the runs vary")
                .addProperty("spec", ref("RunSpec"))
                .addProperty("models", createSchema().addType(Schema.SchemaType.ARRAY).items(string()).description(
                        "execution models (the target option model)"))
                .addProperty("transports", createSchema().addType(Schema.SchemaType.ARRAY)
                        .items(string().pattern("^(" + String.join("|", Transport.NAMED.keySet()) + ")(\\+("
                                + String.join("|", Transport.MODIFIERS) + "))*$").description("a named transport, a TLS"
                                        + " one with modifiers after +: tls+server-openssl, tls-per-request+ecdsa-p256+no-resumption")))
                .addProperty("rounds", integer()));
        s.put("SweepSpec", object().description("A run spec whose connections (closed) or rates (open) is a list of steps")
                .additionalPropertiesBoolean(true).required(List.of("target"))
                .addProperty("target", string()).addProperty("connections", createSchema().description("a list of steps, or the pool size with rates"))
                .addProperty("rates", createSchema().addType(Schema.SchemaType.ARRAY).items(integer()))
                .addProperty("pause", duration()).addProperty("latencyBound", duration())
                .addProperty("boundPercentile", string()));
        s.put("Latency", object().description("Milliseconds, from the run's HdrHistogram (histogram: the same, encoded)")
                .additionalPropertiesBoolean(false).addProperty("unit", string()).addProperty("count", integer())
                .addProperty("p50", number()).addProperty("p75", number()).addProperty("p90", number())
                .addProperty("p95", number()).addProperty("p99", number()).addProperty("p99_9", number())
                .addProperty("p99_99", number()).addProperty("max", number()).addProperty("mean", number())
                .addProperty("stdev", number()).addProperty("histogram", string()));
        s.put("Verdict", object().additionalPropertiesBoolean(false)
                .addProperty("result", string().enumeration(List.<Object>of("passed", "failed")))
                .addProperty("reasons", array(string())));
        RecordSchemas sections = new RecordSchemas();
        Schema report = object().description("A run; sections appear as the run reaches them. Further properties are"
                + " sections of the application's own run extensions").additionalPropertiesBoolean(true)
                .addProperty("id", string())
                .addProperty("reportFormat", integer().description("this JSON form's version (reports without it are 1)"))
                .addProperty("status", string().enumeration(List.<Object>of("QUEUED", "WARMUP", "RUNNING", "DONE", "FAILED", "CANCELLED")))
                .addProperty("target", string())
                .addProperty("loadModel", string().enumeration(List.<Object>of("closed", "constant-rate", "ramp")))
                .addProperty("endpoint", string()).addProperty("spec", ref("RunSpec")).addProperty("options", object())
                .addProperty("startedAt", dateTime()).addProperty("finishedAt", dateTime())
                .addProperty("progress", closed().description("While it runs: its live figures")
                        .addProperty("phase", string()).addProperty("elapsedSeconds", number()).addProperty("requests", integer())
                        .addProperty("currentRps", number()).addProperty("lastSecondP50", number())
                        .addProperty("lastSecondP99", number()))
                .addProperty("warmup", closed().addProperty("durationSeconds", number()).addProperty("requests", integer())
                        .addProperty("rps", number()).addProperty("auto", bool()).addProperty("stoppedBecause", string()))
                .addProperty("measured", closed().addProperty("durationSeconds", number()).addProperty("requests", integer())
                        .addProperty("rps", number()).addProperty("bytesRead", integer()))
                .addProperty("latency", ref("Latency"))
                .addProperty("uncorrectedLatency", ref("Latency").description("The open model's latency from when each"
                        + " request left, not from when it was due"))
                .addProperty("errors", closed().addProperty("connect", integer()).addProperty("timeout", integer())
                        .addProperty("reset", integer()).addProperty("status4xx", integer()).addProperty("status5xx", integer())
                        .addProperty("tlsHandshake", integer()).addProperty("total", integer()))
                .addProperty("expectedRejections", integer()).addProperty("unexpectedSuccesses", integer())
                .addProperty("generator", closed().addProperty("cpuSeconds", number()).addProperty("cpuShareOfProcess", number())
                        .addProperty("eventLoops", integer()).addProperty("lateStarts", integer())
                        .addProperty("maxScheduleLagMs", number()).addProperty("meanScheduleLagMs", number())
                        .addProperty("connectionWaitMs", number())
                        .addProperty("scheduleLagMs", closed().addProperty("p50", number()).addProperty("p99", number())
                                .addProperty("max", number()))
                        .addProperty("inFlightAtStop", integer()).addProperty("unsentAtStop", integer()))
                .addProperty("timeSeries", array(closed().addProperty("second", integer()).addProperty("requests", integer())
                        .addProperty("rps", number()).addProperty("p50", number()).addProperty("p90", number())
                        .addProperty("p99", number()).addProperty("errors", integer())))
                .addProperty("error", string())
                .addProperty("startAt", dateTime()).addProperty("trigger", string().enumeration(List.<Object>of("api", "smoke")));
        for (Sections.Kind<?> kind : Sections.KINDS) {
            // a verdict's JSON is not its record's components but its result in words: described above
            report.addProperty(kind.name(), kind.type() == Verdict.class ? ref("Verdict") : sections.ref(kind.type()));
        }
        s.put("RunReport", report);
        s.putAll(sections.named());
        s.putAll(SeriesSchemas.schemas(sections.ref(Breakdown.class)));
        return s;
    }
}
