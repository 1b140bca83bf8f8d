package io.jwtbench.service.kubernetes;

import static io.jwtbench.service.kubernetes.Manifests.at;
import static io.jwtbench.service.kubernetes.Manifests.list;
import static io.jwtbench.service.kubernetes.Manifests.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.jwtbench.service.kubernetes.Manifests.Probe;

/**
 * deploy/kubernetes against the application: probe paths and ports as the packaged service (prod
 * profile of service/src/main/resources/application.properties) serves them, probe timings that fit
 * the smoke bench, a Service that reaches the application port, and the image the Dockerfile builds.
 */
class KubernetesManifestsTest {
    /** What a JVM start may take on a busy 2-CPU node, before the smoke bench even begins. */
    static final int START_ALLOWANCE_SECONDS = 30;

    static AppConfig config;
    static Map<String, Object> deployment;
    static Map<String, Object> container;

    @BeforeAll
    static void load() throws Exception {
        config = AppConfig.load();
        deployment = Manifests.single("deployment.yaml", "Deployment");
        container = Manifests.container();
    }

    @Test
    void deploymentShape() {
        assertEquals("apps/v1", deployment.get("apiVersion"));
        Map<String, Object> selector = map(at(deployment, "spec.selector.matchLabels"), "matchLabels");
        Map<String, Object> podLabels = map(at(deployment, "spec.template.metadata.labels"), "labels");
        assertTrue(podLabels.entrySet().containsAll(selector.entrySet()), "selector must match the pod's labels");
        assertEquals(0, ((Number) at(deployment, "spec.strategy.rollingUpdate.maxUnavailable")).intValue(),
                "old pods must serve until a new one passed its smoke run");
    }

    @Test
    void probesHitTheHealthEndpointsOnTheApplicationsPort() {
        int port = config.probePort();
        for (String[] probe : new String[][] { { "readinessProbe", "readiness" }, { "livenessProbe", "liveness" },
                { "startupProbe", "startup" } }) {
            Probe p = Probe.of(container, probe[0]);
            assertEquals(config.healthPath(probe[1]), p.path(), probe[0] + " path");
            assertEquals(port, p.resolvedPort(container), probe[0] + " port (management interface "
                    + (config.managementEnabled() ? "on" : "off") + ")");
        }
    }

    @Test
    void readinessIsGatedBySmokeBenchInProd() {
        assertTrue(config.smokeEnabled(), "%prod.quarkus.bench.smoke.enabled must be true: readiness proves the speed");
        assertEquals("jwt", config.get("quarkus.bench.smoke.target", "health"));
    }

    @Test
    void probeTimingsFitTheSmokeBench() {
        long smokeSeconds = config.smokeWarmup().plus(config.smokeDuration()).plus(Duration.ofMillis(999)).toSeconds();
        Probe startup = Probe.of(container, "startupProbe");
        Probe readiness = Probe.of(container, "readinessProbe");
        Probe liveness = Probe.of(container, "livenessProbe");

        // a pass is noticed within one readiness period, which is shorter than the run itself
        assertTrue(readiness.periodSeconds() <= smokeSeconds,
                "readiness period " + readiness.periodSeconds() + "s > smoke run " + smokeSeconds + "s");
        assertEquals(1, readiness.successThreshold());
        // a smoke run saturates the CPUs: even if every liveness probe timed out meanwhile, no restart
        assertTrue(liveness.budgetSeconds() > smokeSeconds + liveness.timeoutSeconds(),
                "liveness gives up after " + liveness.budgetSeconds() + "s, a smoke run takes " + smokeSeconds + "s");
        // start-up covers a slow JVM start plus the smoke run competing with it for the CPUs
        assertTrue(startup.budgetSeconds() >= START_ALLOWANCE_SECONDS + smokeSeconds,
                "startup budget " + startup.budgetSeconds() + "s < " + START_ALLOWANCE_SECONDS + "s + smoke " + smokeSeconds + "s");
        // the rollout waits for start, one smoke run and the readiness probe that sees it pass
        int progressDeadline = ((Number) at(deployment, "spec.progressDeadlineSeconds")).intValue();
        assertTrue(progressDeadline >= startup.budgetSeconds() + smokeSeconds + readiness.periodSeconds(),
                "progressDeadlineSeconds " + progressDeadline + " too short");
    }

    @Test
    void resourcesAreWhatTheThresholdsWereMeasuredOn() {
        Map<String, Object> resources = map(container.get("resources"), "resources");
        assertEquals("2", String.valueOf(at(resources, "requests.cpu")));
        assertEquals("2", String.valueOf(at(resources, "limits.cpu")));
        assertTrue(String.valueOf(at(resources, "requests.memory")).endsWith("Mi"));
        assertTrue(String.valueOf(at(resources, "limits.memory")).endsWith("Mi"));
    }

    @Test
    void serviceRoutesToTheApplicationPort() throws Exception {
        Map<String, Object> service = Manifests.single("service.yaml", "Service");
        assertEquals("v1", service.get("apiVersion"));
        assertEquals(map(at(deployment, "spec.template.metadata.labels"), "labels"),
                map(at(service, "spec.selector"), "selector"));
        List<Object> ports = list(at(service, "spec.ports"), "ports");
        assertEquals(1, ports.size());
        Object targetPort = map(ports.get(0), "port").get("targetPort");
        Probe asProbe = new Probe("service", "/", targetPort, 0, 1, 1, 1, 1);
        assertEquals(Integer.parseInt(config.get("quarkus.http.port", "8080")), asProbe.resolvedPort(container));
    }

    /** Fleet runs find every ready pod through this name: headless, same pods, the application port. */
    @Test
    void headlessServiceListsThePodsForFleetRuns() throws Exception {
        Map<String, Object> headless = Manifests.single("headless-service.yaml", "Service");
        assertEquals("None", at(headless, "spec.clusterIP"));
        assertEquals(map(at(deployment, "spec.template.metadata.labels"), "labels"),
                map(at(headless, "spec.selector"), "selector"));
        Object targetPort = map(list(at(headless, "spec.ports"), "ports").get(0), "port").get("targetPort");
        Probe asProbe = new Probe("headless", "/", targetPort, 0, 1, 1, 1, 1);
        assertEquals(Integer.parseInt(config.get("quarkus.http.port", "8080")), asProbe.resolvedPort(container));
        String name = (String) map(headless.get("metadata"), "metadata").get("name");
        List<Object> env = list(container.get("env"), "env");
        assertTrue(env.stream().anyMatch(e -> "QUARKUS_BENCH_FLEET_DNS".equals(map(e, "env").get("name"))
                && name.equals(map(e, "env").get("value"))), "the Deployment points fleet runs at " + name + ": " + env);
    }

    @Test
    void kustomizationListsTheManifests() throws Exception {
        Map<String, Object> kustomization = Manifests.load("kustomization.yaml").get(0);
        List<Object> resources = list(kustomization.get("resources"), "resources");
        assertEquals(List.of("deployment.yaml", "service.yaml", "headless-service.yaml"), resources);
        for (Object r : resources) {
            assertTrue(Files.exists(Manifests.DIR.resolve((String) r)), r + " missing");
        }
    }

    @Test
    void imageIsTheOneTheDockerfileBuilds() throws Exception {
        String image = (String) container.get("image");
        String dockerfile = Files.readString(Path.of("..", "src", "main", "docker", "Dockerfile.jvm"));
        assertTrue(dockerfile.contains("-t " + image + " "), "Dockerfile.jvm's build command must tag " + image);
        assertTrue(dockerfile.contains("EXPOSE " + config.get("quarkus.http.port", "8080")));
        assertTrue(Files.exists(Path.of("..", "src", "main", "docker", "Dockerfile.native")));
    }
}
