package io.jwtbench.bench.runtime.smoke;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;


import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.BenchThreads;
import io.jwtbench.bench.runtime.SmokeConfig;
import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.engine.RunRequest;
import io.jwtbench.bench.runtime.engine.RunInProgressException;
import io.jwtbench.bench.runtime.engine.ServerPorts;
import io.jwtbench.bench.runtime.plan.Durations;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

/**
 * The start-up smoke bench: once the application has started, runs {@code quarkus.bench.smoke.*}
 * through {@link Bench}, like any run (so it is in the run history, with trigger {@code smoke}),
 * judges it against the thresholds, and retries with doubling back-off until it passes; optionally
 * runs it again every {@code rerun-interval}. Everything happens on one platform thread of its own ({@link BenchThreads});
 * readers (the readiness check) only ever read {@link #state()}, they never start load.
 *
 * <p>
 * One run at a time: when an operator's run is in progress the loop waits for it to finish; that
 * wait is not an attempt.
 */
@Singleton
public class SmokeBench {
    public static final String TRIGGER = "smoke";
    private static final long BUSY_POLL_MILLIS = 100;
    private static final Logger LOG = Logger.getLogger(SmokeBench.class);

    @Inject
    Bench bench;
    @Inject
    ServerPorts ports;

    private volatile SmokeState state = SmokeState.pending("waiting for the application to start", null);
    private volatile Thread loop;

    /** The latest state; never blocks. */
    public SmokeState state() {
        return state;
    }

    public SmokeConfig config() {
        return bench.config().smoke();
    }

    void onStart(@Observes StartupEvent event) {
        BenchConfig config = bench.config();
        SmokeConfig smoke = config.smoke();
        if (!smoke.enabled()) {
            state = SmokeState.disabled("quarkus.bench.smoke.enabled=false");
            return;
        }
        if (!config.enabled()) {
            LOG.warn("quarkus.bench.smoke.enabled=true but quarkus.bench.enabled=false: no smoke run, "
                    + "the bench-smoke readiness check stays UP (DISABLED)");
            state = SmokeState.disabled("quarkus.bench.enabled=false: no run may start");
            return;
        }
        state = SmokeState.pending("initial delay " + Durations.format(smoke.initialDelay()),
                Instant.now().plus(smoke.initialDelay()));
        loop = BenchThreads.start("bench-smoke", () -> loop(smoke));
    }

    void onStop(@Observes ShutdownEvent event) {
        Thread t = loop;
        if (t != null) {
            t.interrupt();
        }
    }

    /** Whether a run has passed since start: a later failure is a failed re-run. */
    private volatile boolean passedOnce;

    private void loop(SmokeConfig smoke) {
        Thresholds thresholds = SmokeResult.thresholds(smoke);
        Duration backoff = smoke.retryBackoff();
        try {
            sleep(smoke.initialDelay());
            awaitServer(smoke);
            while (!Thread.currentThread().isInterrupted()) {
                Outcome outcome = attempt(smoke, thresholds, backoff);
                switch (outcome) {
                    case BUSY -> {
                        continue; // waited for someone else's run: try again at once
                    }
                    case PASSED, RERUN_FAILED -> {
                        backoff = smoke.retryBackoff();
                        if (smoke.rerunInterval().isEmpty()) {
                            return;
                        }
                        sleep(nextRerunWait);
                    }
                    case FAILED -> {
                        sleep(backoff);
                        backoff = min(backoff.multipliedBy(2), smoke.retryMaxBackoff());
                    }
                }
            }
        } catch (InterruptedException e) {
            LOG.debug("smoke bench stopped");
        } catch (RuntimeException e) { // a bug: say so rather than stay PENDING silently
            LOG.error("smoke bench loop failed", e);
            state = state.notStarted("smoke bench loop failed: " + e, Instant.now(), null);
        }
    }

    private enum Outcome {
        PASSED,
        FAILED,
        /** A re-run failed and the pod stays ready ({@code rerun-fails-readiness=false}): wait for the next re-run, no back-off retries. */
        RERUN_FAILED,
        BUSY
    }

    /** The wait before the next re-run, jittered when it was planned (so the state says the same). */
    private Duration nextRerunWait = Duration.ZERO;

    /** {@code interval} times a random factor in [1 - jitter, 1 + jitter] (jitter clamped to 0..0.9). */
    static Duration jittered(Duration interval, double jitter) {
        double j = Math.max(0, Math.min(0.9, Double.isNaN(jitter) ? 0 : jitter));
        double factor = 1 + (j == 0 ? 0 : java.util.concurrent.ThreadLocalRandom.current().nextDouble(-j, j));
        return Duration.ofNanos(Math.round(interval.toNanos() * factor));
    }

    /** A re-run's failure leaves readiness alone: the pod passed before and rerun-fails-readiness is off. */
    private boolean keepsReady(SmokeConfig smoke) {
        return passedOnce && !smoke.rerunFailsReadiness() && smoke.rerunInterval().isPresent();
    }

    private Instant planRerun(SmokeConfig smoke, Instant now) {
        if (smoke.rerunInterval().isEmpty()) {
            return null;
        }
        nextRerunWait = jittered(smoke.rerunInterval().get(), smoke.rerunJitter());
        return now.plus(nextRerunWait);
    }

    private Outcome attempt(SmokeConfig smoke, Thresholds thresholds, Duration backoff)
            throws InterruptedException {
        Optional<Run> active = bench.activeRun();
        if (active.isPresent()) {
            awaitOther(active.get());
            return Outcome.BUSY;
        }
        RunSpec spec;
        Run run;
        try {
            spec = bench.runParser().parse(SmokeSpec.of(smoke), true);
            state = state.doing("preparing target " + spec.target());
            run = bench.startRun(RunRequest.of(spec, TRIGGER));
        } catch (SpecException e) {
            return failedToStart("invalid smoke run spec (quarkus.bench.smoke.*): " + e.field() + ": " + e.reason(),
                    backoff);
        } catch (RunInProgressException e) {
            state = state.waitingFor(e.runningId());
            if (bench.activeRun().isEmpty()) {
                Thread.sleep(BUSY_POLL_MILLIS); // a series between two runs: ask again shortly, do not spin
            }
            return Outcome.BUSY;
        } catch (RuntimeException e) {
            LOG.warn("smoke bench: the target failed to prepare", e);
            return failedToStart("target " + smoke.target() + " failed to prepare: " + e, backoff);
        }
        state = state.running(run.id());
        LOG.infof("smoke bench: run %s started (%s)", run.id(), spec.echo());
        RunReport report;
        try {
            report = run.finished().get();
        } catch (InterruptedException e) {
            run.cancel();
            throw e;
        } catch (ExecutionException e) { // finished() never completes exceptionally; be safe anyway
            report = run.report();
        }
        SmokeResult result = SmokeResult.judge(report, thresholds);
        Instant now = Instant.now();
        boolean keepReady = !result.passed() && keepsReady(smoke);
        Instant next = result.passed() || keepReady ? planRerun(smoke, now) : now.plus(backoff);
        state = state.judged(run.id(), result, now, next, keepReady);
        if (keepReady) {
            LOG.warnf("smoke bench: re-run %s failed: %s; readiness kept (quarkus.bench.smoke.rerun-fails-readiness=false), "
                    + "next re-run in about %s", run.id(), result.reason(), Durations.format(nextRerunWait));
            return Outcome.RERUN_FAILED;
        }
        if (result.passed()) {
            passedOnce = true;
            LOG.infof("smoke bench: run %s passed (%.1f rps, p99 %.3f ms, error rate %s)", run.id(), result.rps(),
                    result.p99Ms(), SmokeResult.fmt(result.errorRate()));
            return Outcome.PASSED;
        }
        LOG.warnf("smoke bench: run %s failed (attempt %d): %s; next attempt in %s", run.id(), state.attempts(),
                result.reason(), Durations.format(backoff));
        return Outcome.FAILED;
    }

    private Outcome failedToStart(String why, Duration backoff) {
        Instant now = Instant.now();
        if (keepsReady(config())) {
            state = state.notStarted(why, now, planRerun(config(), now), true);
            LOG.warnf("smoke bench: re-run could not start: %s; readiness kept (quarkus.bench.smoke.rerun-fails-readiness=false)", why);
            return Outcome.RERUN_FAILED;
        }
        state = state.notStarted(why, now, now.plus(backoff));
        LOG.warnf("smoke bench: attempt %d could not start: %s; next attempt in %s", state.attempts(), why,
                Durations.format(backoff));
        return Outcome.FAILED;
    }

    /**
     * StartupEvent may come before the HTTP server listens (or publishes a random port): wait until
     * the target's port accepts a connection, so the first attempt does not fail for that.
     */
    private void awaitServer(SmokeConfig smoke) throws InterruptedException {
        BenchTarget target = bench.targets().get(smoke.target());
        if (target == null) {
            return; // the first attempt explains it
        }
        state = state.doing("waiting for the HTTP server");
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1",
                        ports.port(target.onManagementInterface())), 1000);
                return;
            } catch (IOException | IllegalStateException notYet) {
                Thread.sleep(50);
            }
        }
    }

    private void awaitOther(Run other) throws InterruptedException {
        state = state.waitingFor(other.id());
        try {
            other.finished().get();
        } catch (ExecutionException e) {
            // finished anyway
        }
    }

    private static void sleep(Duration d) throws InterruptedException {
        if (!d.isNegative() && !d.isZero()) {
            Thread.sleep(d.toMillis());
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
