package io.jwtbench.bench.runtime;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.smallrye.config.WithDefault;

/**
 * {@code quarkus.bench.fleet.*}: where the pods of a fleet run are. Either a static list of base URLs
 * or the DNS name of a headless Service (every address it resolves to is a pod); the static list wins
 * when both are set. The pod that receives {@code POST /q/bench/fleet} is only the coordinator: it
 * starts the run on every peer over HTTP, itself included when it is in the list (a headless Service
 * always lists it).
 */
public interface FleetConfig {
    /** Base URLs of every pod, e.g. {@code http://10.0.0.5:8080,http://10.0.0.6:8080}. */
    Optional<List<URI>> peers();

    /** A headless Service's DNS name, e.g. {@code jwt-bench-headless.default.svc.cluster.local}. */
    Optional<String> dns();

    /** The bench's port on the pods found through {@link #dns()}. */
    @WithDefault("8080")
    int port();

    /**
     * The scheme for the pods found through {@link #dns()}. A fleet run forwards the caller's
     * {@code Authorization} header to every pod: over {@code http} only with
     * {@link #allowPlaintextCredentials()}.
     */
    @WithDefault("http")
    String scheme();

    /**
     * Whether a fleet run may forward the caller's {@code Authorization} header to pods over plain
     * {@code http} (readable by anyone on the path between the pods). Off: a fleet run that carries
     * credentials and has a non-{@code https} pod is refused (400) before any pod is contacted. A
     * request without {@code Authorization} forwards nothing and is not affected.
     */
    @WithDefault("false")
    boolean allowPlaintextCredentials();

    /**
     * Every pod starts its run this long after the coordinator received the request, at the same wall-clock
     * instant: long enough for every pod to prepare its requests (token signing) first.
     */
    @WithDefault("5s")
    Duration startDelay();

    /**
     * How long after a fleet run's planned end (its start, warm-up, duration and timeout) a pod may still be finishing
     * (cancelling, writing its report, a slow JFR stop) before the coordinator counts it as lost, cancels its run and
     * ends the fleet without it. A silent pod holds the fleet's answer this long.
     */
    @WithDefault("30s")
    Duration grace();

    /**
     * Connecting to a pod and each request to it (the runs themselves may last longer: they are polled;
     * the start request may take a minute more, while the pod prepares its requests).
     */
    @WithDefault("5s")
    Duration requestTimeout();

    /**
     * The largest answer the coordinator reads from a pod (a run's report with its histograms is tens
     * of KB); a larger one fails that pod, the others go on.
     */
    @WithDefault("4M")
    io.quarkus.runtime.configuration.MemorySize maxAnswerSize();

    /**
     * A secret shared by every pod (at least 32 characters; from a Kubernetes Secret, not a file in the
     * image). When set, a fleet run sends its pods a short-lived token signed with it
     * ({@code X-Bench-Fleet-Token}, valid for the run's planned length plus a grace, at most 1 h) instead
     * of the caller's {@code Authorization}, and every pod accepts such a token in place of the role on the
     * routes a fleet uses ({@code POST /q/bench/runs}, {@code GET}/{@code DELETE /q/bench/runs/{id}}) only.
     */
    java.util.Optional<String> tokenSecret();

    /**
     * A TLS registry configuration ({@code quarkus.tls.<name>.*}) whose trust store the coordinator trusts the
     * pods' certificates with over https, as an issuer's JWKS fetches name theirs; unset: the JVM's default trust
     * store. One that trusts all certificates, or has no trust store, refuses the fleet (400).
     */
    Optional<String> tlsConfigurationName();

    /**
     * The name every pod's certificate must carry (a DNS subject alternative name; a wildcard certificate
     * {@code *.jwt-bench-headless.default.svc.cluster.local} names every pod of the Service), checked instead of
     * the address the pod was reached at: pods found through {@link #dns()} are IP addresses. Unset: the
     * peer's host, as its URL says. Needs {@link #tlsConfigurationName()}.
     */
    Optional<String> tlsServerName();
}
