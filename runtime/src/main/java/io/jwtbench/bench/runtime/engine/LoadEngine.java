package io.jwtbench.bench.runtime.engine;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.BenchThreads;
import io.jwtbench.bench.runtime.engine.transport.Endpoint;
import io.jwtbench.bench.runtime.engine.transport.ServerLoops;
import io.jwtbench.bench.runtime.observe.SteadyRules;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Vertx;

/**
 * Starts the runs {@link Bench} hands it (one at a time), remembers the recent ones and finds targets. Each run orchestrates
 * itself on a platform thread of its own ({@link BenchThreads}), never on the application's event loops nor on
 * its virtual-thread scheduler.
 */
@Singleton
public class LoadEngine {
    private static final Logger LOG = Logger.getLogger(LoadEngine.class);

    @Inject
    BenchConfig config;
    @Inject
    @Any
    Instance<BenchTarget> targetBeans;
    @Inject
    @Any
    Instance<RunExtension> extensionBeans;
    @Inject
    ServerPorts ports;
    @Inject
    ServerTransports served;
    @Inject
    Instance<Vertx> vertx;

    private volatile Map<String, BenchTarget> targets;
    /** Forgetting a run tells the run extensions, so that they drop what they kept for it. */
    private History<Run> history;
    private Run latest;

    /** The heap each finished run of the history holds, estimated once its report is final. */
    private final Map<String, Long> retained = new ConcurrentHashMap<>();

    @PostConstruct
    void init() {
        history = new History<>("", config::historySize, forgotten -> {
            extensionBeans.forEach(e -> e.forget(forgotten));
            retained.remove(forgotten);
        });
    }

    /** What the finished runs of the history hold on the heap: their reports and what the run extensions keep for them. */
    synchronized long historyBytes() {
        long bytes = 0;
        for (Run run : history.recent()) {
            if (run.finished().isDone()) {
                bytes += retained.computeIfAbsent(run.id(), id -> MemoryBudget.reportBytes(run.report())
                        + extensionBeans.stream().mapToLong(e -> e.retainedBytes(id)).sum());
            }
        }
        return bytes;
    }

    /** Forgets the oldest finished runs until the history holds at most {@code bytes} ({@link #historyBytes}). */
    synchronized void fitHistory(long bytes) {
        while (historyBytes() > bytes) {
            Optional<Run> oldest = history.recent().reversed().stream().filter(r -> r.finished().isDone()).findFirst();
            if (oldest.isEmpty() || !history.forgetOldestEnded()) {
                return;
            }
            LOG.infof("bench run %s left the history before its turn: the history and the run to come would hold more"
                    + " than the bench's memory budget (quarkus.bench.memory-budget)", oldest.get().id());
        }
    }

    public BenchConfig config() {
        return config;
    }

    /** Every target bean by name, sorted. */
    public Map<String, BenchTarget> targets() {
        Map<String, BenchTarget> found = targets;
        if (found == null) {
            found = new TreeMap<>();
            for (BenchTarget t : targetBeans) {
                BenchTarget clash = found.putIfAbsent(t.name(), t);
                if (clash != null) {
                    LOG.warnf("two bench targets are named '%s'; using %s, ignoring %s", t.name(), clash, t);
                }
            }
            targets = found = Collections.unmodifiableMap(found);
        }
        return found;
    }

    /** The run that is not finished yet, if any. */
    public synchronized Optional<Run> activeRun() {
        return latest != null && !latest.report().status().isTerminal() ? Optional.of(latest) : Optional.empty();
    }

    /**
     * @param by the reservation of the {@link RunSeries} this run belongs to, or null
     * @throws RunInProgressException if a run is not finished yet, or someone else holds the reservation
     */
    synchronized Run start(Reservation by, RunRequest request, RequestSource source) {
        activeRun().ifPresent(r -> {
            throw new RunInProgressException(r.id());
        });
        if (reservation != null && reservation != by) {
            throw new RunInProgressException(reservation.holderId());
        }
        RunSpec spec = request.spec();
        BenchTarget target = targets().get(spec.target());
        Run.Rig rig = new Run.Rig(extensionBeans.stream().toList(), () -> endpoint(target, spec),
                Math.max(1, config.eventLoops()), SteadyRules.of(config));
        latest = Lifecycle.begin(history, id -> new Run(id, request, source, rig));
        return latest;
    }

    /**
     * Refuses a transport the application cannot serve to the bench, as a 400 on its field: TLS to a target on
     * the management interface, TLS without an HTTPS port or certificate, an engine that does not load here.
     */
    void checkTransport(RunSpec spec) {
        if (spec.transport().tls() && targets().get(spec.target()).onManagementInterface()) {
            throw new SpecException("tls", "the " + spec.target() + " target is served on the management interface,"
                    + " which the bench loads over plain HTTP only");
        }
        served.check(spec.transport());
    }

    /**
     * Where a run of {@code spec} on {@code target} connects: the plain port, or the HTTPS one with the server's
     * certificate; served by this application's event loops.
     */
    private Endpoint endpoint(BenchTarget target, RunSpec spec) {
        ServerLoops loops = vertx.isResolvable() ? ServerLoops.of(vertx.get().nettyEventLoopGroup()) : ServerLoops.NONE;
        if (!spec.transport().tls()) {
            return new Endpoint(ports.port(target.onManagementInterface()), spec.transport(), List.of(), null, null, loops);
        }
        ServerTransports.Https https = served.https(spec.transport());
        return new Endpoint(https.port(), spec.transport(), https.certificates(), https.engine(), https.handshakes(), loops);
    }

    // --- Reservations: a RunSeries holds the bench between its runs (see RunSeries) ---------------

    /** Held by a {@link RunSeries} for its whole life; released by {@link #close()}. */
    public final class Reservation implements AutoCloseable {
        private final String holderId;

        private Reservation(String holderId) {
            this.holderId = holderId;
        }

        public String holderId() {
            return holderId;
        }

        @Override
        public void close() {
            synchronized (LoadEngine.this) {
                if (reservation == this) {
                    reservation = null;
                }
            }
        }
    }

    private Reservation reservation;

    /**
     * Reserves the bench for {@code holderId}: until the reservation is closed, only
     * {@link #start(Reservation, RunRequest, RequestSource)} with it starts runs.
     *
     * @throws RunInProgressException if a run is not finished or another reservation is held
     */
    synchronized Reservation reserve(String holderId) {
        busyWith().ifPresent(id -> {
            throw new RunInProgressException(id);
        });
        reservation = new Reservation(holderId);
        return reservation;
    }

    /** The id of what holds the bench: the reserving series, else the unfinished run. */
    public synchronized Optional<String> busyWith() {
        if (reservation != null) {
            return Optional.of(reservation.holderId());
        }
        return activeRun().map(Run::id);
    }

    // ----------------------------------------------------------------------------------------------

    public synchronized Optional<Run> find(String id) {
        return history.find(id);
    }

    /** Newest first. */
    public synchronized List<Run> recent() {
        return history.recent();
    }

    void onShutdown(@Observes ShutdownEvent event) {
        history.cancelGoing(Duration.ofSeconds(5));
    }
}
