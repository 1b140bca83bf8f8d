package io.jwtbench.bench.deployment;

import java.net.URI;
import java.util.Optional;
import java.util.function.Consumer;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.ConfigProvider;

import io.jwtbench.bench.runtime.api.BenchRecorder;
import io.jwtbench.bench.runtime.api.ReportKind;
import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.LoadEngine;
import io.jwtbench.bench.runtime.engine.RunSeriesHistory;
import io.jwtbench.bench.runtime.engine.ServerPorts;
import io.jwtbench.bench.runtime.engine.ServerTransports;
import io.jwtbench.bench.runtime.fleet.Fleets;
import io.jwtbench.bench.runtime.jfr.BreakdownExtension;
import io.jwtbench.bench.runtime.jfr.JfrRuns;
import io.jwtbench.bench.runtime.jfr.JvmExtension;
import io.jwtbench.bench.runtime.observe.KernelExtension;
import io.jwtbench.bench.runtime.jfr.ProfileExtension;
import io.jwtbench.bench.runtime.server.BenchListeners;
import io.jwtbench.bench.runtime.server.ServerTlsEngine;
import io.jwtbench.bench.runtime.smoke.SmokeBench;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.targets.HealthTarget;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.arc.deployment.SyntheticBeanBuildItem;
import io.quarkus.arc.deployment.UnremovableBeanBuildItem;
import io.quarkus.deployment.Capabilities;
import io.quarkus.deployment.Capability;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.LaunchModeBuildItem;
import io.quarkus.deployment.metrics.MetricsCapabilityBuildItem;
import io.quarkus.runtime.metrics.MetricsFactory;
import io.quarkus.smallrye.health.deployment.spi.HealthBuildItem;
import io.quarkus.smallrye.openapi.deployment.spi.AddToOpenAPIDefinitionBuildItem;
import io.quarkus.vertx.http.deployment.BodyHandlerBuildItem;
import io.quarkus.vertx.http.deployment.FilterBuildItem;
import io.quarkus.vertx.http.deployment.NonApplicationRootPathBuildItem;
import io.quarkus.vertx.http.deployment.RouteBuildItem;
import io.quarkus.vertx.http.runtime.management.ManagementInterfaceBuildTimeConfig;
import io.vertx.core.Handler;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;

/**
 * The bench extension at build time: the feature, the engine beans, the built-in health target and
 * the routes under the non-application root ({@code /q/bench/...}), which follow the management
 * interface when it is enabled. Each route authorizes its caller itself ({@code quarkus.bench.security.*});
 * HTTP security ({@code quarkus.http.auth.permission.*}, or {@code quarkus.management.auth.permission.*})
 * may add its own rules in front.
 */
class BenchProcessor {
    private static final String FEATURE = "bench";
    private static final String BENCH = "bench";
    private static final String RUNS = "bench/runs";
    private static final String COMPARE = "bench/compare";
    private static final String SWEEPS = "bench/sweeps";
    private static final String FLEET = "bench/fleet";
    private static final String REGRESSION = "bench/regression";
    /** {@link #REGRESSION}'s old name: it answers 308 to the new one. */
    private static final String VERDICT = "bench/verdict";
    private static final String BENCH_GAUGES = "io.jwtbench.bench.runtime.report.BenchGauges";
    private static final String SMOKE_CHECK = "io.jwtbench.bench.runtime.smoke.SmokeReadinessCheck";
    /** Filters run by descending priority (route order -priority): before CORS (300) and security (100-200). */
    private static final int SERVER_TIMING_PRIORITY = Integer.MAX_VALUE / 2;

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    /** The engine, and every target/extension the application declares, even if nothing injects them. */
    @BuildStep
    void beans(BuildProducer<AdditionalBeanBuildItem> beans, BuildProducer<UnremovableBeanBuildItem> unremovable) {
        beans.produce(AdditionalBeanBuildItem.builder().addBeanClasses(Bench.class, LoadEngine.class, ServerPorts.class, ServerTransports.class,
                RunSeriesHistory.class, Fleets.class)
                .setUnremovable().build());
        unremovable.produce(UnremovableBeanBuildItem.beanTypes(BenchTarget.class, RunExtension.class));
    }

    /**
     * The HTTPS server's TLS engine (a customizer of its options, looked up by Quarkus when it starts the server) and
     * the bench's loopback listeners for the other engine or another certificate.
     */
    @BuildStep
    AdditionalBeanBuildItem serverTls() {
        return AdditionalBeanBuildItem.builder().addBeanClasses(ServerTlsEngine.class, BenchListeners.class).setUnremovable()
                .build();
    }

    /** The {@code health} target, where SmallRye Health serves its liveness check. */
    @BuildStep
    @Record(ExecutionTime.RUNTIME_INIT)
    void healthTarget(Capabilities capabilities, NonApplicationRootPathBuildItem paths,
            ManagementInterfaceBuildTimeConfig management, BenchRecorder recorder,
            BuildProducer<SyntheticBeanBuildItem> beans) {
        if (!capabilities.isPresent(Capability.SMALLRYE_HEALTH)) {
            return;
        }
        HealthLiveness live = HealthLiveness.of(paths, management);
        beans.produce(SyntheticBeanBuildItem.configure(HealthTarget.class).types(BenchTarget.class)
                .scope(Singleton.class).unremovable().setRuntimeInit()
                .supplier(recorder.healthTarget(live.path(), live.onManagement())).done());
    }

    /**
     * The start-up smoke bench (always registered; it runs only with quarkus.bench.smoke.enabled), and
     * its readiness check {@code bench-smoke} when SmallRye Health is present.
     */
    @BuildStep
    void smoke(Capabilities capabilities, BuildProducer<AdditionalBeanBuildItem> beans,
            BuildProducer<HealthBuildItem> health) {
        beans.produce(AdditionalBeanBuildItem.unremovableOf(SmokeBench.class));
        if (capabilities.isPresent(Capability.SMALLRYE_HEALTH)) {
            // by name: the check implements MicroProfile Health's HealthCheck, absent without SmallRye Health
            health.produce(new HealthBuildItem(SMOKE_CHECK, true));
        }
    }

    /** The last run's figures in {@code /q/metrics}, when the application has Micrometer. */
    @BuildStep
    void gauges(Optional<MetricsCapabilityBuildItem> metrics, BuildProducer<AdditionalBeanBuildItem> beans) {
        if (metrics.isPresent() && metrics.get().metricsSupported(MetricsFactory.MICROMETER)) {
            // by name: the bean touches Micrometer's API, absent from applications without it
            beans.produce(AdditionalBeanBuildItem.unremovableOf(BENCH_GAUGES));
        }
    }

    /**
     * Every route under /q/bench: the subjects (runs, compares, sweeps), then their renderings. Each
     * starts with the bench's own authorizer (quarkus.bench.security.*), whatever port or root path
     * the route ends up on.
     */
    @BuildStep
    @Record(ExecutionTime.RUNTIME_INIT)
    void routes(NonApplicationRootPathBuildItem paths, BodyHandlerBuildItem body, BenchRecorder recorder,
            BuildProducer<RouteBuildItem> routes) {
        Routes r = new Routes(paths, routes, recorder.guarded());
        // blocking: a target's prepare() may be slow (a compare prepares every model first)
        // the routes a fleet coordinator uses on its pods: a fleet token (quarkus.bench.fleet.token-secret) counts there
        r.posted(RUNS, recorder.guardedFleetRouteWithBody(body.getHandler()), recorder.runs(), "Bench runs (POST to start one)");
        r.plain(RUNS + "/:id", recorder.guardedFleetRoute(), recorder.run());
        r.posted(REGRESSION, recorder.guardedWithBody(body.getHandler(), 2), recorder.regression(),
                "Bench regression (POST two finished runs: one held against the other)");
        r.plain(VERDICT, recorder.moved("regression"));
        r.plain(RUNS + "/:id/histogram", recorder.histogram());
        // the raw recording and the sampled stacks show the whole process' code paths: the role is needed even with public reads
        r.blocking(RUNS + "/:id/recording.jfr", recorder.guardedRecording(), recorder.recording());
        r.blocking(RUNS + "/:id/profile.folded", recorder.guardedRecording(), recorder.foldedStacks());
        r.posted(COMPARE, recorder.guardedWithBody(body.getHandler(), 0), recorder.compares(), "Bench compare (POST a spec and models)");
        r.plain(COMPARE + "/:id", recorder.compare());
        r.posted(SWEEPS, recorder.guardedWithBody(body.getHandler(), 0), recorder.sweeps(), "Bench sweeps (POST to start one)");
        r.plain(SWEEPS + "/:id", recorder.sweep());
        r.posted(FLEET, recorder.guardedWithBody(body.getHandler(), 0), recorder.fleets(), "Bench fleet runs (POST: every pod at once, merged)");
        r.plain(FLEET + "/:id", recorder.fleet());
        r.plain(RUNS + "/:id/events", recorder.runEvents());
        r.plain(COMPARE + "/:id/events", recorder.compareEvents());
        r.plain(SWEEPS + "/:id/events", recorder.sweepEvents());
        r.plain(FLEET + "/:id/events", recorder.fleetEvents());

        r.blocking(RUNS + "/:id/report.html", recorder.report(ReportKind.RUN_HTML));
        r.blocking(RUNS + "/:id/benchmark-data.json", recorder.report(ReportKind.RUN_DATA));
        r.blocking(RUNS + "/:id/junit.xml", recorder.report(ReportKind.RUN_JUNIT));
        // no secret in it (no token, no per-process header): guarded like the run's other renderings
        r.plain(RUNS + "/:id/hyperfoil.yaml", recorder.hyperfoil());
        r.blocking("bench/report.html", recorder.report(ReportKind.RUNS_HTML));
        r.blocking("bench/profile-diff", recorder.report(ReportKind.RUNS_PROFILE_DIFF));
        r.blocking(COMPARE + "/:id/report.html", recorder.report(ReportKind.COMPARE_HTML));
        r.blocking(COMPARE + "/:id/benchmark-data.json", recorder.report(ReportKind.COMPARE_DATA));
        r.blocking(SWEEPS + "/:id/report.html", recorder.report(ReportKind.SWEEP_HTML));
        r.blocking(SWEEPS + "/:id/benchmark-data.json", recorder.report(ReportKind.SWEEP_DATA));
        r.blocking(FLEET + "/:id/report.html", recorder.report(ReportKind.FLEET_HTML));
    }

    /** Build-time: whether the bench API is described in {@code /q/openapi} ({@link #openApiIncluded}). */
    static final String OPENAPI_ENABLED = "quarkus.bench.openapi.enabled";

    /**
     * The bench API in {@code /q/openapi} when the application has SmallRye OpenAPI: the routes are
     * Vert.x routes it does not scan, so a filter adds them (as SmallRye Health does for its own). Only
     * where the document does not tell strangers about it: see {@link #openApiIncluded}.
     */
    @BuildStep
    void openApi(Capabilities capabilities, NonApplicationRootPathBuildItem paths, ManagementInterfaceBuildTimeConfig management,
            LaunchModeBuildItem launchMode, BuildProducer<AddToOpenAPIDefinitionBuildItem> openApi) {
        if (!capabilities.isPresent(Capability.SMALLRYE_OPENAPI)) {
            return;
        }
        Optional<Boolean> configured = ConfigProvider.getConfig().getOptionalValue(OPENAPI_ENABLED, Boolean.class);
        if (!openApiIncluded(configured, launchMode.getLaunchMode().isDevOrTest(), management.enabled())) {
            return;
        }
        // on the management interface this is a URL (its own port): the document takes the path
        String root = URI.create(paths.resolveManagementPath(BENCH, management, launchMode)).getPath();
        openApi.produce(new AddToOpenAPIDefinitionBuildItem(new BenchOpenApiFilter(root)));
    }

    /**
     * {@value #OPENAPI_ENABLED} when set; else yes in dev and test mode, and in prod only when the
     * management interface is enabled (the bench routes and, by default, {@code /q/openapi} are then on
     * its port, not the public one). Decided at build time: {@code quarkus.bench.enabled=false} at run
     * time turns the routes into 404s but does not change the document.
     */
    static boolean openApiIncluded(Optional<Boolean> configured, boolean devOrTest, boolean managementInterface) {
        return configured.orElse(devOrTest || managementInterface);
    }

    /**
     * Routes under the non-application root, on the management interface when it is enabled; every
     * one begins with {@code guard}.
     */
    private record Routes(NonApplicationRootPathBuildItem paths, BuildProducer<RouteBuildItem> routes, Consumer<Route> guard) {
        void posted(String path, Consumer<Route> guardWithBody, Handler<RoutingContext> handler, String description) {
            routes.produce(paths.routeBuilder().management().routeFunction(path, guardWithBody).handler(handler)
                    .blockingRoute().displayOnNotFoundPage(description).build());
        }

        void plain(String path, Handler<RoutingContext> handler) {
            plain(path, guard, handler);
        }

        void plain(String path, Consumer<Route> guard, Handler<RoutingContext> handler) {
            routes.produce(paths.routeBuilder().management().routeFunction(path, guard).handler(handler).build());
        }

        void blocking(String path, Handler<RoutingContext> handler) {
            blocking(path, guard, handler);
        }

        void blocking(String path, Consumer<Route> guard, Handler<RoutingContext> handler) {
            routes.produce(paths.routeBuilder().management().routeFunction(path, guard).handler(handler).blockingRoute().build());
        }
    }

    // --- JFR: per-request breakdown, JVM facts, raw recordings (io.jwtbench.bench.runtime.jfr) ---

    /** The shared JFR session holder and the {@code breakdown}, {@code jvm} and {@code profile} report sections. */
    @BuildStep
    AdditionalBeanBuildItem jfrBeans() {
        return AdditionalBeanBuildItem.builder()
                .addBeanClasses(JfrRuns.class, BreakdownExtension.class, JvmExtension.class, ProfileExtension.class)
                .setUnremovable().build();
    }

    /** The {@code kernel} section: the network namespace's TCP counters around the measured window (Linux). */
    @BuildStep
    AdditionalBeanBuildItem kernelFacts() {
        return AdditionalBeanBuildItem.unremovableOf(KernelExtension.class);
    }

    /**
     * Times every request of the application's router from the first filter to the response's end
     * while a breakdown records (otherwise: one flag read). Ahead of CORS, security and Quarkus REST.
     */
    @BuildStep
    @Record(ExecutionTime.RUNTIME_INIT)
    FilterBuildItem serverTimingFilter(BenchRecorder recorder) {
        return new FilterBuildItem(recorder.serverTimingFilter(), SERVER_TIMING_PRIORITY);
    }
}
