package io.jwtbench.bench.deployment;

import static io.jwtbench.bench.deployment.OpenApiTypes.array;
import static io.jwtbench.bench.deployment.OpenApiTypes.bool;
import static io.jwtbench.bench.deployment.OpenApiTypes.closed;
import static io.jwtbench.bench.deployment.OpenApiTypes.dateTime;
import static io.jwtbench.bench.deployment.OpenApiTypes.duration;
import static io.jwtbench.bench.deployment.OpenApiTypes.integer;
import static io.jwtbench.bench.deployment.OpenApiTypes.latencies;
import static io.jwtbench.bench.deployment.OpenApiTypes.number;
import static io.jwtbench.bench.deployment.OpenApiTypes.ref;
import static io.jwtbench.bench.deployment.OpenApiTypes.string;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.microprofile.openapi.models.media.Schema;

import io.jwtbench.bench.runtime.report.CompareView;
import io.jwtbench.bench.runtime.report.FleetView;
import io.jwtbench.bench.runtime.report.SweepJson;

/**
 * The reports of what runs several runs: a compare ({@code report/CompareView}), a sweep ({@code report/SweepJson})
 * and a fleet run ({@code report/FleetView}). Their renderers write maps, so these schemas are written by hand; the
 * service's {@code SeriesContractTest} walks real reports through them in both directions (a key the schema lacks
 * fails, and so does a property no report wrote).
 */
final class SeriesSchemas {

    private SeriesSchemas() {
    }

    /** {@code breakdown}: the run report's section schema, by reference. */
    static Map<String, Schema> schemas(Schema breakdown) {
        Map<String, Schema> s = new LinkedHashMap<>();
        s.put("Spread", closed().description("A figure across rounds").addProperty("median", number())
                .addProperty("min", number()).addProperty("max", number()));
        s.put("CompareReport", compare(breakdown));
        s.put("SweepReport", sweep(breakdown));
        s.put("FleetReport", fleet());
        return s;
    }

    private static Schema compare(Schema breakdown) {
        Schema row = closed().description("A model: its spreads across rounds, then the figures of its median round's run")
                .addProperty("model", string()).addProperty("status", string()).addProperty("rounds", integer())
                .addProperty("spread", closed().addProperty("rps", ref("Spread")).addProperty("p50Ms", ref("Spread"))
                        .addProperty("p99Ms", ref("Spread")).addProperty("cpuMicrosPerRequest", ref("Spread")))
                .addProperty("steady", bool()).addProperty("notSteady", array(string()))
                .addProperty("runId", string()).addProperty("medianRound", integer())
                .addProperty("requests", integer()).addProperty("rps", number())
                .addProperty("latencyMs", latencies(closed(), CompareView.LATENCIES))
                .addProperty("errors", integer()).addProperty("expectedRejections", integer())
                .addProperty("unexpectedSuccesses", integer())
                .addProperty("cpu", closed().addProperty("meanCores", number()).addProperty("peakCores", number())
                        .addProperty("processSeconds", number()).addProperty("microsPerRequest", number())
                        .addProperty("generatorSeconds", number()).addProperty("serverMeanCores", number()))
                .addProperty("threads", closed().addProperty("atStart", integer()).addProperty("peak", integer()))
                .addProperty("pinnedVirtualThreads", integer()).addProperty("verdict", ref("Verdict"))
                .addProperty("breakdown", breakdown).addProperty("error", string());
        Schema step = closed().description("A step in run order; warm-up steps are round 0")
                .addProperty("model", string()).addProperty("round", integer()).addProperty("runId", string())
                .addProperty("status", string()).addProperty("rps", number()).addProperty("steady", bool())
                .addProperty("seconds", number()).addProperty("warmupSeconds", number())
                .addProperty("warmupStoppedBecause", string()).addProperty("error", string());
        return closed().description("One row per model (median and spread across rounds), a verdict per pair, every step")
                .addProperty("id", string()).addProperty("status", string()).addProperty("target", string())
                .addProperty("spec", ref("RunSpec")).addProperty("models", array(string())).addProperty("rounds", integer())
                .addProperty("jvm", closed().addProperty("name", string()).addProperty("version", string())
                        .addProperty("vendor", string()).addProperty("feature", integer())
                        .addProperty("availableProcessors", integer()))
                .addProperty("startedAt", dateTime()).addProperty("finishedAt", dateTime())
                .addProperty("endsWithin", duration())
                .addProperty("current", closed().description("While it runs: the step running now")
                        .addProperty("model", string()).addProperty("round", integer()).addProperty("runId", string())
                        .addProperty("status", string()).addProperty("elapsedSeconds", number())
                        .addProperty("requests", integer()))
                .addProperty("rows", array(row))
                .addProperty("rankings", array(closed().addProperty("faster", string()).addProperty("slower", string())
                        .addProperty("percentFaster", number()).addProperty("significant", bool())
                        .addProperty("text", string())))
                .addProperty("warmupSteps", string().description("why the compare ran more than its rounds"))
                .addProperty("runs", array(step)).addProperty("error", string()).addProperty("verdict", ref("Verdict"));
    }

    private static Schema sweep(Schema breakdown) {
        Schema step = closed().description("One step: its load, the figures of its run (latencies in ms)")
                .addProperty("step", integer()).addProperty("connections", integer()).addProperty("rate", integer())
                .addProperty("runId", string()).addProperty("status", string())
                .addProperty("requests", integer()).addProperty("throughput", number())
                .addProperty("mean", number()).addProperty("errors", integer()).addProperty("timeouts", integer())
                .addProperty("steady", bool()).addProperty("notSteady", array(string()))
                .addProperty("cpuPercentPeak", number()).addProperty("cpuPercentMean", number())
                .addProperty("cpuCoresMean", number()).addProperty("threadsPeak", integer())
                .addProperty("hostCpuPercentMean", number()).addProperty("generatorCpuShare", number())
                .addProperty("breakdown", breakdown).addProperty("verdict", string()).addProperty("error", string());
        latencies(step, SweepJson.LATENCIES);
        Schema analysis = closed().description("Where it broke and why")
                .addProperty("knee", closed().addProperty("found", bool()).addProperty("load", number())
                        .addProperty("previousLoad", number()).addProperty("throughputEfficiency", number())
                        .addProperty("latencyGrowth", number()).addProperty("percentile", string())
                        .addProperty("description", string()))
                .addProperty("latencyBound", closed().addProperty("found", bool()).addProperty("percentile", string())
                        .addProperty("boundMs", number()).addProperty("load", number()).addProperty("throughput", number())
                        .addProperty("valueMs", number()).addProperty("description", string()))
                .addProperty("usl", closed().addProperty("lambda", number()).addProperty("sigma", number())
                        .addProperty("kappa", number()).addProperty("rSquared", number())
                        .addProperty("peakConcurrency", number()).addProperty("peakThroughput", number())
                        .addProperty("points", integer()).addProperty("description", string()))
                .addProperty("limiter", closed().addProperty("kind", string()).addProperty("description", string()))
                .addProperty("unsteadySteps", array(integer())).addProperty("steadiness", string());
        return closed().description("One run per step, the knee, the latency bound, the USL fit and the limiter")
                .addProperty("id", string()).addProperty("status", string()).addProperty("target", string())
                .addProperty("loadModel", string()).addProperty("spec", ref("SweepSpec"))
                .addProperty("startedAt", dateTime()).addProperty("finishedAt", dateTime())
                .addProperty("endsWithin", duration()).addProperty("stepsPlanned", integer())
                .addProperty("steps", array(step))
                .addProperty("warmupStep", closed().description("The automatic warm-up at the heaviest load, when asked")
                        .addProperty("why", string()).addProperty("runId", string()).addProperty("status", string())
                        .addProperty("seconds", number()).addProperty("warmupSeconds", number())
                        .addProperty("warmupStoppedBecause", string()))
                .addProperty("analysis", analysis).addProperty("error", string()).addProperty("verdict", ref("Verdict"));
    }

    private static Schema fleet() {
        Schema pod = closed().description("A pod: its state and, once its run ended, that run's main figures")
                .addProperty("pod", string()).addProperty("state", string()).addProperty("runId", string())
                .addProperty("requests", integer()).addProperty("rps", number())
                .addProperty("latencyMs", latencies(closed(), FleetView.LATENCIES))
                .addProperty("errors", integer()).addProperty("error", string());
        return closed().description("One row per pod and the merged run (histograms added exactly)")
                .addProperty("id", string()).addProperty("status", string()).addProperty("target", string())
                .addProperty("podCount", integer()).addProperty("podsDone", integer())
                .addProperty("startedAt", dateTime()).addProperty("finishedAt", dateTime())
                .addProperty("spec", ref("RunSpec")).addProperty("startAt", dateTime()).addProperty("pods", array(pod))
                .addProperty("merged", ref("RunReport").description("The pods' runs merged; its id is the fleet's"))
                .addProperty("verdict", ref("Verdict"));
    }
}
