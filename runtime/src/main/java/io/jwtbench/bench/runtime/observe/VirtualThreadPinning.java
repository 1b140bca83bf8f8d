package io.jwtbench.bench.runtime.observe;

import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import jakarta.inject.Singleton;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * Section {@code virtualThreadPinning}: the JFR {@code jdk.VirtualThreadPinned} events of the measured
 * phase, with no duration threshold (JFR's default is 20 ms): a virtual thread that blocked while
 * pinned to its carrier. Counts, total and longest time pinned, and the application frames that
 * pinned most often. Which code pins depends on the JDK: up to 23, {@code synchronized} pins; from 24
 * (JEP 491) it does not, but blocking in a class initializer or under a native frame still does.
 *
 * <p>Deliberately small and named apart, so it can be dropped if a JFR breakdown section reports the
 * same events.
 */
@Singleton
public class VirtualThreadPinning implements io.jwtbench.bench.runtime.spi.RunExtension {
    static final String EVENT = "jdk.VirtualThreadPinned";
    static final int TOP_FRAMES = 5;

    @jakarta.inject.Inject
    io.jwtbench.bench.runtime.BenchConfig config;

    /**
     * Starts JFR once, in the background, when the application starts: its first start in a JVM
     * costs a second or more of CPU, which would otherwise land in the first run's measured phase.
     */
    void warmUp(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event) {
        if (!config.enabled()) {
            return;
        }
        Thread.ofPlatform().daemon().name("bench-jfr-warm-up").start(() -> {
            try (RecordingStream stream = new RecordingStream()) {
                stream.enable(EVENT).withThreshold(Duration.ZERO);
                stream.startAsync();
                stream.stop();
            } catch (RuntimeException | Error e) {
                // JFR unavailable: every run's section will then say so
            }
        });
    }

    @Override
    public String section() {
        return "virtualThreadPinning";
    }

    @Override
    public Observation begin(String runId, String target) {
        RecordingStream stream = new RecordingStream();
        stream.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
        LongAdder events = new LongAdder();
        LongAdder nanos = new LongAdder();
        AtomicLong max = new AtomicLong();
        Map<String, LongAdder> frames = new ConcurrentHashMap<>();
        stream.onEvent(EVENT, e -> {
            events.increment();
            long d = e.getDuration().toNanos();
            nanos.add(d);
            max.accumulateAndGet(d, Math::max);
            frames.computeIfAbsent(applicationFrame(e), k -> new LongAdder()).increment();
        });
        stream.startAsync();
        return () -> {
            try {
                stream.stop(); // flushes: every event up to now has been handled
            } finally {
                stream.close();
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("events", events.sum());
            m.put("totalPinnedMs", ProcessSampler.round(nanos.sum() / 1e6));
            m.put("maxPinnedMs", ProcessSampler.round(max.get() / 1e6));
            List<Map<String, Object>> top = frames.entrySet().stream()
                    .sorted(Comparator.comparingLong((Map.Entry<String, LongAdder> en) -> en.getValue().sum()).reversed())
                    .limit(TOP_FRAMES).map(en -> {
                        Map<String, Object> f = new LinkedHashMap<>();
                        f.put("frame", en.getKey());
                        f.put("events", en.getValue().sum());
                        return f;
                    }).toList();
            m.put("topFrames", top);
            m.put("jdk", Runtime.version().toString());
            return m;
        };
    }

    /** The first frame outside the JDK: where the application blocked while pinned. */
    private static String applicationFrame(RecordedEvent e) {
        if (e.getStackTrace() == null) {
            return "(no stack trace)";
        }
        List<RecordedFrame> frames = e.getStackTrace().getFrames();
        for (RecordedFrame f : frames) {
            String type = f.getMethod().getType().getName();
            if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
                return type + "." + f.getMethod().getName() + ":" + f.getLineNumber();
            }
        }
        return frames.isEmpty() ? "(empty stack trace)"
                : frames.get(0).getMethod().getType().getName() + "." + frames.get(0).getMethod().getName();
    }
}
