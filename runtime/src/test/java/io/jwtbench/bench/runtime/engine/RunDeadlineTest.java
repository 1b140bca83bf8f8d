package io.jwtbench.bench.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;

import io.jwtbench.bench.runtime.BenchThreads;
import io.jwtbench.bench.runtime.observe.SteadyRules;
import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;

/**
 * A run ends when its spec says it will ({@link RunSpec#endsWithin()}: warm-up, duration, the timeout of
 * the requests in flight at the end and a fixed wrap-up), whatever the server does: it never answers,
 * answers after the run's end, closes every connection, accepts and never reads, or is stopped with
 * SIGSTOP during the run.
 * Requests in flight at the end are counted as timeouts; a scheduled one from its intended time.
 */
class RunDeadlineTest {
    private static final RequestSource GET = RequestSource.always(BenchRequest.get("/"), Map.of());
    private static final SteadyRules RULES = new SteadyRules(50, 10, 1, 0.1, 0.1, Duration.ofSeconds(30), 3);
    private static final Duration ONE_SECOND = Duration.ofSeconds(1);

    static RunSpec spec(LoadModel model, Duration timeout) {
        return new RunSpec("test", model, ONE_SECOND, Duration.ZERO, timeout, Map.of(), false, false, false,
                Thresholds.NONE, false, io.jwtbench.bench.runtime.plan.Transport.PLAIN);
    }

    /**
     * Runs {@code spec} against {@code server} on a thread of its own, as the engine does, and fails
     * unless its final report arrives within the spec's own bound, counted from the run's start.
     */
    static RunReport runWithin(MisbehavingServers.Server server, RunSpec spec) throws Exception {
        Run run = new Run("deadline", RunRequest.of(spec, "test"), GET,
                new Run.Rig(List.of(), () -> io.jwtbench.bench.runtime.engine.transport.Endpoint.plain(server.port()), 1, RULES));
        long start = System.nanoTime();
        BenchThreads.start("test-run", run::execute);
        while (run.report().status() != io.jwtbench.bench.runtime.stats.RunStatus.RUNNING && !run.finished().isDone()) {
            Thread.sleep(10); // its generator started (slow on a busy machine): the bound below still counts from start
        }
        Thread.sleep(300); // sending by now
        server.duringRun();
        long bound = spec.endsWithin().toNanos() - (System.nanoTime() - start);
        try {
            RunReport report = run.finished().get(Math.max(0, bound), TimeUnit.NANOSECONDS);
            System.out.printf("%s: ended after %.2f s (bound %s): %s%n", spec.loadModel().label(),
                    (System.nanoTime() - start) / 1e9, spec.endsWithin(), report.errors());
            return report;
        } catch (TimeoutException e) {
            run.cancel();
            return fail("the run did not end within its announced " + spec.endsWithin() + ": " + run.report().status());
        }
    }

    @Test
    void aServerThatNeverAnswers() throws Exception {
        try (MisbehavingServers.Server server = MisbehavingServers.neverAnswers()) {
            RunReport closed = runWithin(server, spec(new LoadModel.Closed(2), ONE_SECOND));
            assertEquals(RunStatus.DONE, closed.status());
            assertEquals(0, closed.latency() == null ? 0 : closed.latency().count(), "no answer, no latency");
            assertTrue(closed.errors().timeout() >= 2, "the two requests in flight time out: " + closed.errors());

            RunReport open = runWithin(server, spec(new LoadModel.ConstantRate(100, 4), ONE_SECOND));
            assertEquals(RunStatus.DONE, open.status());
            assertTrue(open.errors().timeout() >= 4, "the four requests in flight time out: " + open.errors());
            // the rest of the schedule never found a connection: every request due is in the corrected latency
            assertTrue(open.measured().requests() >= 90, "about 100 due in 1 s at 100/s: " + open.measured().requests());
            assertTrue(open.latency().max() >= ONE_SECOND.toMillis(),
                    "a timed-out request's latency runs from its intended time to its expiry, at least the timeout: "
                            + open.latency().max());
        }
    }

    @Test
    void aServerThatAnswersAfterTheRunsEnd() throws Exception {
        Duration late = Duration.ofMillis(1500);
        try (MisbehavingServers.Server server = MisbehavingServers.answersAfter(late)) {
            RunReport report = runWithin(server, spec(new LoadModel.Closed(2), Duration.ofSeconds(3)));
            assertEquals(RunStatus.DONE, report.status());
            assertEquals(0, report.errors().total(), "answered within the timeout: " + report.errors());
            assertEquals(2, report.measured().requests(), "the two answers that came after the window closed count");
            assertTrue(report.latency().p50() >= late.toMillis(), "their latency is the server's delay");
        }
        try (MisbehavingServers.Server server = MisbehavingServers.answersAfter(Duration.ofSeconds(5))) {
            RunReport report = runWithin(server, spec(new LoadModel.Closed(2), ONE_SECOND));
            assertTrue(report.errors().timeout() >= 2, "answers later than the timeout are timeouts: " + report.errors());
        }
    }

    @Test
    void aServerThatClosesEveryConnection() throws Exception {
        try (MisbehavingServers.Server server = MisbehavingServers.closesEveryConnection()) {
            RunReport report = runWithin(server, spec(new LoadModel.Closed(2), ONE_SECOND));
            assertEquals(RunStatus.DONE, report.status());
            assertEquals(0, report.measured().requests(), "nothing answered");
            assertTrue(report.errors().reset() > 0, "each closed exchange is a reset: " + report.errors());
        }
    }

    @Test
    void aServerThatAcceptsAndNeverReads() throws Exception {
        try (MisbehavingServers.Server server = MisbehavingServers.acceptsAndNeverReads()) {
            RunReport report = runWithin(server, spec(new LoadModel.ConstantRate(50, 2), ONE_SECOND));
            assertEquals(RunStatus.DONE, report.status());
            assertTrue(report.errors().timeout() >= 2, report.errors().toString());
        }
    }

    @Test
    void aServerStoppedWithSigstopDuringTheRun() throws Exception {
        try (MisbehavingServers.Server server = MisbehavingServers.stoppedWithSigstop()) {
            RunReport report = runWithin(server, spec(new LoadModel.Closed(2), ONE_SECOND));
            assertEquals(RunStatus.DONE, report.status());
            assertTrue(report.measured().requests() > 0, "it answered before it was stopped");
            assertTrue(report.errors().timeout() >= 2, "the requests in flight at the stop: " + report.errors());
        }
    }
}
