package io.jwtbench.bench.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.engine.RunRequest;
import io.jwtbench.bench.runtime.engine.RunSeries;
import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.Thresholds;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.RunStatus;
import io.quarkus.test.QuarkusExtensionTest;

/**
 * A compare that outlived its client's 30 s timeout, and why: the application under test can leave its virtual-thread
 * scheduler without a free carrier (here every carrier pinned in a blocking class initializer, as
 * {@code ExecutionModelsTest}'s pin target does when the test class loader's lock meets a pinned
 * thread). A run and a series whose own lifecycle ran on virtual threads then could not even wake up
 * to end: the compare outlived the client's 30 s timeout and the next test met a busy bench. The
 * bench's threads are platform threads now; these runs end by their announced bound while every
 * carrier is still pinned.
 */
class StarvedVirtualThreadsTest {

    @RegisterExtension
    static final QuarkusExtensionTest app = new QuarkusExtensionTest()
            .withApplicationRoot(jar -> jar.addClasses(ProbeTarget.class, Pinner.class))
            .overrideConfigKey("quarkus.http.test-port", "0");

    @Inject
    Bench bench;
    @Inject
    ProbeTarget probe;

    /** Sleeps in its static initializer for the milliseconds in system property {@code pinner.ms}: pinned. */
    public static final class Pinner {
        static {
            try {
                Thread.sleep(Long.getLong("pinner.ms", 0));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static RunSpec spec() {
        return new RunSpec("probe", new LoadModel.Closed(1), Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1),
                Map.of(), false, false, false, Thresholds.NONE, false, io.jwtbench.bench.runtime.plan.Transport.PLAIN);
    }

    @Test
    void runsAndSeriesEndOnTimeWhileNoVirtualThreadCanRun() throws Exception {
        RunSpec spec = spec();
        RunSeries.Step step = new RunSeries.Step("a", spec, probe.prepare(Map.of()));
        long pinMillis = spec.endsWithin().multipliedBy(3).toMillis() + 5_000; // outlasts the run and series below
        List<Thread> pinned = pinEveryCarrier(pinMillis);
        try {
            assertTrue(starved(), "precondition: no virtual thread can run now");

            long start = System.nanoTime();
            Run run = bench.startRun(RunRequest.of(spec, Bench.TRIGGER_API));
            RunReport report = run.finished().get(spec.endsWithin().toNanos(), TimeUnit.NANOSECONDS);
            assertEquals(RunStatus.DONE, report.status());
            assertTrue(report.measured().requests() > 0, "the probe route runs on the event loop: answered");

            RunSeries<Void> series = bench.startSeries("test", List.of(step, step), RunSeries.Options.BACK_TO_BACK);
            assertEquals(spec.endsWithin().multipliedBy(2), series.endsWithin());
            series.finished().get(series.endsWithin().toNanos(), TimeUnit.NANOSECONDS);
            assertEquals(RunSeries.Status.DONE, series.status());
            assertTrue(System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(pinMillis),
                    "all of it while the carriers were pinned");
            assertTrue(starved(), "and they still are");
        } finally {
            for (Thread t : pinned) {
                t.interrupt(); // wakes the pinned sleep: the scheduler is free again for the next test
            }
            for (Thread t : pinned) {
                t.join();
            }
        }
    }

    /** Pins every carrier of the virtual-thread scheduler (and one more thread waits in line) for {@code millis}. */
    private static List<Thread> pinEveryCarrier(long millis) {
        System.setProperty("pinner.ms", String.valueOf(millis));
        int carriers = Integer.getInteger("jdk.virtualThreadScheduler.parallelism",
                Runtime.getRuntime().availableProcessors());
        byte[] bytes = classBytes(Pinner.class);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i <= carriers; i++) {
            threads.add(Thread.ofVirtual().start(() -> initializeFreshCopy(bytes)));
        }
        return threads;
    }

    /** A new virtual thread does not get to run within half a second. */
    private static boolean starved() throws InterruptedException {
        CountDownLatch ran = new CountDownLatch(1);
        Thread.ofVirtual().start(ran::countDown);
        return !ran.await(500, TimeUnit.MILLISECONDS);
    }

    /**
     * Initializes a copy of {@link Pinner} of its own (a class initializes once per loader). Its
     * initializer only touches {@code java.*} classes, resolved by the boot loader: no lock of the
     * application's class loader is taken while pinned.
     */
    private static void initializeFreshCopy(byte[] bytes) {
        String name = Pinner.class.getName();
        ClassLoader loader = new ClassLoader(null) {
            @Override
            protected Class<?> findClass(String n) throws ClassNotFoundException {
                if (!n.equals(name)) {
                    throw new ClassNotFoundException(n);
                }
                return defineClass(n, bytes, 0, bytes.length);
            }
        };
        try {
            Class.forName(name, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] classBytes(Class<?> c) {
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            assertFalse(in == null, "no class file for " + c);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
