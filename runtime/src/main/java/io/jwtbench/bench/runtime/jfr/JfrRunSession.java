package io.jwtbench.bench.runtime.jfr;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordingStream;

import org.jboss.logging.Logger;

import io.jwtbench.bench.probe.PhaseEvent;
import io.jwtbench.bench.runtime.spi.RunContext;

/**
 * One run's in-process JFR stream: the events the breakdown and the {@code jvm} section need (and,
 * with {@code "jfr": true}, JFR's default profile too, less the process' configuration, kept on disk
 * up to a size and dumped to an owner-only file at the end: {@link PrivateRecording}). Started right before measurement, stopped once right after it, whichever section ends
 * first; both then read final figures.
 */
final class JfrRunSession {
    private static final Logger LOG = Logger.getLogger(JfrRunSession.class);
    /** How often a stop looks whether the stream's reader naps. */
    private static final long WAKE_MS = 5;
    /**
     * How long a stop waits for the stream's reader to hand over the last events. The JDK's stop waits for the reader
     * without a bound; a run must end when its spec says, so past this the run goes on with what was read.
     */
    static final Duration STOP_BOUND = Duration.ofSeconds(10);

    final BreakdownAggregator breakdown;
    final JvmAggregator jvm;
    final CpuProfile profile;
    private final RecordingStream stream;
    private final Path keepAs;
    private final long startEpochNanos;
    private boolean stopped;
    private Path kept;
    /** The thread that reads the stream and runs its handlers, once one of them ran: {@link #stop()} wakes it. */
    private volatile Thread reader;

    private JfrRunSession(RunContext run, Duration lockThreshold, int topStacks, long maxBytes, Path keepAs,
            ProfileSettings profiling) {
        this.keepAs = run.keepRecording() ? keepAs : null;
        this.stream = run.keepRecording() ? newPrivateStream() : new RecordingStream();
        stream.setOrdered(false); // aggregates only: no need to sort events by time
        // the jvm section's JFR facts: rare events, so cheap whatever else the run asked for
        jvm = new JvmAggregator(lockThreshold, topStacks);
        stream.enable(JvmAggregator.GC);
        stream.enable(JvmAggregator.PINNED).withThreshold(Duration.ZERO).withStackTrace();
        stream.enable(JvmAggregator.MONITOR).withThreshold(lockThreshold).withStackTrace();
        stream.enable(JvmAggregator.PARK).withThreshold(lockThreshold).withStackTrace();
        // rare once the JIT is warm; they tell a steady run from one still compiling
        stream.enable(JvmAggregator.COMPILATION).withThreshold(Duration.ZERO).withoutStackTrace();
        stream.enable(JvmAggregator.DEOPTIMIZATION).withoutStackTrace();
        for (String name : new String[] { JvmAggregator.GC, JvmAggregator.PINNED, JvmAggregator.MONITOR,
                JvmAggregator.PARK, JvmAggregator.COMPILATION, JvmAggregator.DEOPTIMIZATION }) {
            stream.onEvent(name, event -> {
                seeReader();
                jvm.on(event);
            });
        }
        if (run.breakdown()) {
            // one event per request (and its phases): the costly part, hence its own flag
            breakdown = new BreakdownAggregator(run.path());
            stream.enable(ServerRequestEvent.class).withThreshold(Duration.ZERO).withoutStackTrace();
            stream.enable(PhaseEvent.class).withThreshold(Duration.ZERO).withoutStackTrace();
            stream.onEvent(ServerRequestEvent.NAME, breakdown::onRequest);
            stream.onEvent(PhaseEvent.NAME, breakdown::onPhase);
        } else {
            breakdown = null;
        }
        profile = run.profile() ? profiling.enable(stream, run.tls(), run.protocol()) : null;
        if (this.keepAs != null) {
            stream.setMaxSize(maxBytes);
        }
        // not a handler of every event: with one, JFR would parse the events no section reads too
        stream.onFlush(this::seeReader);
        stream.startAsync();
        startEpochNanos = epochNanos();
        if (breakdown != null) {
            breakdown.from(startEpochNanos);
        }
    }

    private static long epochNanos() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    static JfrRunSession start(RunContext run, Duration lockThreshold, int topStacks, long maxBytes, Path keepAs,
            ProfileSettings profiling) {
        return new JfrRunSession(run, lockThreshold, topStacks, maxBytes, keepAs, profiling);
    }

    /** Stops the stream once, after every event recorded so far was consumed; dumps the raw recording if asked. */
    void stop() {
        stop(STOP_BOUND);
    }

    /** {@link #stop()} with another bound on the wait for the stream's reader (a test's, shorter). */
    synchronized void stop(Duration bound) {
        if (stopped) {
            return;
        }
        stopped = true;
        if (breakdown != null) {
            breakdown.until(epochNanos());
        }
        if (profile != null) {
            profile.until();
        }
        if (!stopPromptly(bound)) {
            return; // the stream is closed once its stop returns, if ever
        }
        try {
            if (keepAs != null) {
                try {
                    PrivateRecording.dump(stream, keepAs);
                    kept = keepAs;
                } catch (IOException e) {
                    LOG.warnf(e, "cannot write the run's JFR recording to %s", keepAs);
                }
            }
        } finally {
            stream.close();
        }
    }

    /** For tests: the stream, to add a handler of their own. */
    RecordingStream stream() {
        return stream;
    }

    private void seeReader() {
        if (reader == null) {
            reader = Thread.currentThread();
        }
    }

    /**
     * {@link RecordingStream#stop()}, without the JDK's idle second, and within the bound ({@link #STOP_BOUND}).
     * Stopping finishes the recording's chunk and then waits for the reader to consume it, but the reader, at the end
     * of what was flushed, naps on JFR's flush monitor for up to a second, and a stop does not notify that monitor (JDK 21–25):
     * every run waited 0.3–1 s for nothing (JfrStopTest). So the stop interrupts the reader whenever it naps; a nap's
     * interrupt is caught in JFR and only makes the reader look at the chunk again.
     * <p>
     * Only once the stop has lowered JFR's stream barrier, though (it is then awaiting the reader's termination): while
     * the barrier is up, a reader that reaches it with an interrupt pending spins for ever in {@code StreamBarrier.check}
     * (it re-sets the interrupt and waits again, holding the barrier's lock), and the stop can never lower it. An
     * interrupt aimed at a nap can land just after the nap ended, so it must not be sent at all while that can happen.
     * In CI beside a CPU hog such a stop never returned, and its reader burned seconds of CPU inside later runs' windows
     * (JfrStopTest reproduces it).
     * <p>
     * The stop runs on a thread of its own and this one waits for it up to the bound: the JDK waits for the reader
     * without one, and a reader that never ends (a handler stuck) would hold the run, its series and the bench. Past
     * the bound the run goes on with what was read, says so in the log with where the reader and the stop were, and
     * the stream is closed once its stop returns.
     *
     * @return whether the stop returned within the bound
     */
    private boolean stopPromptly(Duration bound) {
        AtomicBoolean settled = new AtomicBoolean(); // set once: by the stop returning, or by this thread giving up
        Thread stopper = Thread.ofPlatform().daemon().name("bench-jfr-stop").start(() -> {
            try {
                stream.stop();
            } catch (IllegalStateException stoppedAlready) {
                // the JVM is shutting down and JFR's own hook stopped every recording first: nothing is left to stop
                LOG.debugf("the run's JFR recording was stopped already: %s", stoppedAlready.getMessage());
            } finally {
                if (!settled.compareAndSet(false, true)) {
                    stream.close(); // given up on: nobody else closes it
                }
            }
        });
        long deadline = System.nanoTime() + bound.toNanos();
        boolean barrierDown = false;
        try {
            while (!stopper.join(Duration.ofMillis(WAKE_MS))) {
                if (System.nanoTime() - deadline > 0) {
                    break;
                }
                barrierDown = barrierDown || awaitsTheReader(stopper); // once down, the barrier stays down
                Thread r = reader;
                if (barrierDown && r != null && r.getState() == Thread.State.TIMED_WAITING) {
                    r.interrupt();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the run is being torn down: do not wait for JFR either
        }
        if (settled.compareAndSet(false, true)) {
            Thread r = reader;
            LOG.warnf("the run's JFR stream did not stop within %d ms: the run ends without its last events; the stream's"
                    + " reader %s; the stop was %s", bound.toMillis(), r == null ? "ran no handler" : "was " + where(r), where(stopper));
            return false;
        }
        return true;
    }

    /**
     * Whether the stop has lowered the stream barrier: {@code RecordingStream.stop()} lowers it before it awaits the
     * reader's termination, and JFR offers no other sign of it.
     */
    private static boolean awaitsTheReader(Thread stopper) {
        for (StackTraceElement frame : stopper.getStackTrace()) {
            if (frame.getMethodName().equals("awaitTermination")) {
                return true;
            }
        }
        return false;
    }

    private static String where(Thread thread) {
        return thread.getState() + " at " + Arrays.stream(thread.getStackTrace()).limit(12).map(String::valueOf)
                .collect(Collectors.joining(" <- "));
    }

    /** The dumped recording, once stopped; null if none was asked for or writing failed. */
    synchronized Path kept() {
        return kept;
    }

    /** JFR's default profile without the process' configuration ({@link PrivateRecording}). */
    private static RecordingStream newPrivateStream() {
        RecordingStream stream = new RecordingStream();
        stream.setSettings(PrivateRecording.settings());
        return stream;
    }
}
