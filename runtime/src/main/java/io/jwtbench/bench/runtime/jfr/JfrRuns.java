package io.jwtbench.bench.runtime.jfr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import jdk.jfr.consumer.RecordingStream;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.BenchConfig;
import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.spi.RunOutcome;
import io.quarkus.runtime.StartupEvent;

/**
 * The JFR side of runs: one {@link JfrRunSession} per run, shared by the {@code breakdown} and
 * {@code jvm} sections (one stream parses the events once), and the kept raw recordings, deleted when
 * their run leaves the engine's history (and at shutdown).
 */
@Singleton
public class JfrRuns {
    private static final Logger LOG = Logger.getLogger(JfrRuns.class);

    @Inject
    BenchConfig config;

    private final Map<String, Shared> active = new HashMap<>();
    private final Map<String, Path> recordings = new ConcurrentHashMap<>();
    /** Where the recordings go, created on the first one. */
    private Path directory;

    private static final class Shared {
        final JfrRunSession session;
        int open;

        Shared(JfrRunSession session) {
            this.session = session;
        }
    }

    /** Joins (or starts) the run's session; a no-op observation if the run wants no breakdown, profile or recording. */
    synchronized RunExtension.Observation observe(RunContext run,
            BiFunction<JfrRunSession, RunOutcome, Object> section) {
        if (!run.breakdown() && !run.profile() && !run.keepRecording()) {
            return outcome -> null;
        }
        Shared shared = active.get(run.id());
        if (shared == null) {
            shared = new Shared(JfrRunSession.start(run, config.breakdown().lockThreshold(),
                    Math.max(1, config.breakdown().topStacks()), config.jfr().maxSize().asLongValue(),
                    run.keepRecording() ? fileFor(run.id()) : null, profiling()));
            active.put(run.id(), shared);
        }
        shared.open++;
        Shared joined = shared;
        return new RunExtension.Observation() {
            @Override
            public Object end(RunOutcome outcome) {
                joined.session.stop();
                release(run.id(), joined);
                return section.apply(joined.session, outcome);
            }
        };
    }

    private synchronized void release(String runId, Shared shared) {
        if (--shared.open <= 0 && active.get(runId) == shared) {
            active.remove(runId);
        }
        Path kept = shared.session.kept();
        if (kept != null) {
            recordings.put(runId, kept);
        }
    }

    /** The run's kept .jfr file, if it asked for one and it was written. */
    public Optional<Path> recording(String runId) {
        return Optional.ofNullable(recordings.get(runId)).filter(Files::isRegularFile);
    }

    void forget(String runId) {
        Path file = recordings.remove(runId);
        if (file != null) {
            delete(file);
        }
    }

    /**
     * Starts JFR once, in the background, when the application starts: its first start in a JVM
     * costs a second or more of CPU, which would otherwise land in the first run's measured phase.
     */
    void warmUp(@Observes StartupEvent event) {
        if (!config.enabled()) {
            return;
        }
        Thread.ofPlatform().daemon().name("bench-jfr-warm-up").start(() -> {
            try (RecordingStream stream = new RecordingStream()) {
                stream.enable(JvmAggregator.PINNED).withThreshold(Duration.ZERO);
                // the CPU profile's sampler has a first-start cost of its own (a JVM without it ignores the name)
                stream.enable(CpuProfile.CPU_TIME).with("throttle", CpuProfile.PERIOD_MS + "ms");
                stream.startAsync();
                stream.stop();
            } catch (RuntimeException | Error e) {
                // JFR unavailable: a run's sections will say so
            }
        });
    }

    @PreDestroy
    void deleteAll() {
        recordings.values().forEach(JfrRuns::delete);
        recordings.clear();
        if (directory != null && config.jfr().directory().isEmpty()) {
            delete(directory); // the process' own temporary directory, empty now
        }
    }

    private ProfileSettings profiling() {
        return new ProfileSettings(new ComponentRules(config.profile().rules().orElse(java.util.List.of())),
                config.profile().sampler());
    }

    private synchronized Path fileFor(String runId) {
        if (directory == null) {
            try {
                directory = PrivateRecording.directory(config.jfr().directory());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the JFR directory " + config.jfr().directory().orElse("in java.io.tmpdir"), e);
            }
        }
        return directory.resolve("run-" + runId + ".jfr");
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warnf("cannot delete %s: %s", file, e.getMessage());
        }
    }
}
