package io.jwtbench.bench.runtime.fleet;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import io.jwtbench.bench.runtime.FleetConfig;
import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.History;
import io.jwtbench.bench.runtime.engine.Lifecycle;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.StartAt;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.quarkus.tls.TlsConfigurationRegistry;

/**
 * Starts fleet runs (one at a time) and remembers the recent ones. The spec is validated here first,
 * exactly as a run's, so a bad spec is one 400 rather than one refusal per pod; each pod still
 * validates it again and prepares its own requests.
 */
@Singleton
public class Fleets {
    static final String GRACE = "quarkus.bench.fleet.grace";

    @Inject
    Bench bench;
    @Inject
    Instance<TlsConfigurationRegistry> registry;

    private History<Fleet> history;
    private HttpClient http;

    @PostConstruct
    void init() {
        history = new History<>("", () -> bench.config().historySize(), id -> {
        });
    }

    /**
     * @param authorization the caller's {@code Authorization} header, forwarded to every pod as is (unless
     *        {@code quarkus.bench.fleet.token-secret}: then a {@link FleetToken} goes instead), over https only
     *        unless {@code quarkus.bench.fleet.allow-plaintext-credentials}; null: none
     * @throws RunInProgressException while another fleet run is coordinated from here
     */
    public synchronized Fleet start(JsonNode body, String authorization) {
        history.going().ifPresent(f -> {
            throw new RunInProgressException(f.id());
        });
        StartAt.read(body); // checked as a run's, but the coordinator sets its own
        RunSpec spec = bench.runParser().parse(body, false, Set.of(StartAt.FIELD));
        FleetConfig config = bench.config().fleet();
        List<URI> peers = Peers.resolve(config);
        Optional<String> secret = secret(config);
        Peers.checkTransport(peers, secret.isPresent() || authorization != null, config);
        if (http == null) {
            http = Fleet.http(config.requestTimeout(), FleetTls.context(config,
                    registry.isResolvable() ? Optional.of(registry.get()) : Optional.empty()));
        }
        return Lifecycle.begin(history, id -> new Fleet(id, spec, body, peers, config.startDelay(), config.grace(),
                client(id, spec, secret, authorization)));
    }

    /** The caller's own token stays here unless there is no fleet token secret: the pods get one for this fleet, for a while. */
    private PodClient client(String id, RunSpec spec, Optional<String> secret, String authorization) {
        FleetConfig config = bench.config().fleet();
        int maxAnswer = (int) Math.min(Integer.MAX_VALUE - 8, config.maxAnswerSize().asLongValue());
        if (secret.isEmpty()) {
            return new PodClient(http, config.requestTimeout(), authorization, maxAnswer);
        }
        Duration lifetime = config.startDelay().plus(spec.warmup()).plus(spec.duration()).plus(spec.timeout())
                .plus(config.grace()).plus(PodClient.PREPARE);
        Duration capped = lifetime.compareTo(FleetToken.MAX_LIFETIME) > 0 ? FleetToken.MAX_LIFETIME : lifetime;
        return new PodClient(http, config.requestTimeout(), FleetToken.HEADER,
                FleetToken.sign(secret.get(), id, Instant.now().plus(capped)), maxAnswer);
    }

    public Optional<Fleet> find(String id) {
        return history.find(id);
    }

    /** Newest first. */
    public List<Fleet> recent() {
        return history.recent();
    }

    /**
     * Settings no fleet could work with stop the start-up, each named, rather than every fleet request later (and,
     * for a short token secret, every fleet token this pod would be sent, which it could only refuse).
     */
    void checkSettings(@Observes StartupEvent event) {
        FleetConfig config = bench.config().fleet();
        Map<String, String> problems = new LinkedHashMap<>();
        secret(config).filter(s -> s.length() < FleetToken.MIN_SECRET).ifPresent(s -> problems.put(FleetToken.PROPERTY,
                "is shorter than " + FleetToken.MIN_SECRET + " characters: no fleet token is signed or accepted with it"));
        if (config.grace().isNegative()) {
            problems.put(GRACE, "is negative (" + config.grace() + "): a pod would count as lost before its run's planned end");
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems.entrySet().stream().map(p -> p.getKey() + " " + p.getValue())
                    .collect(Collectors.joining("; ")), problems.keySet());
        }
    }

    private static Optional<String> secret(FleetConfig config) {
        return config.tokenSecret().filter(t -> !t.isBlank());
    }

    /** A fleet run in progress is cancelled on every pod: no pod goes on loading itself for a coordinator that left. */
    void onShutdown(@Observes ShutdownEvent event) {
        history.cancelGoing(Duration.ofSeconds(5));
    }
}
