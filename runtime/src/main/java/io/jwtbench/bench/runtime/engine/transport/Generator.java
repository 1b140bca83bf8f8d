package io.jwtbench.bench.runtime.engine.transport;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.jboss.logging.Logger;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;

/**
 * The load generator of one run: a Vert.x instance of its own (so its I/O never queues behind the
 * application's server handlers on the same event loops) with one client ({@link GeneratorClient}: Netty
 * channels on those loops, plain or TLS, {@code connections} connections speaking HTTP/1.1 without pipelining or
 * HTTP/2). Created per run and closed after it, with its connections: nothing of the bench runs while no run does.
 */
public final class Generator implements AutoCloseable {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Logger LOG = Logger.getLogger(Generator.class);

    final Vertx vertx;
    final GeneratorClient client;
    /** The generator's event-loop threads are named this plus an index. */
    public static final String GENERATOR_THREAD_PREFIX = "bench-generator-";

    private final Thread[] threads;
    private final Endpoint endpoint;

    private Generator(Vertx vertx, GeneratorClient client, Thread[] threads, Endpoint endpoint) {
        this.vertx = vertx;
        this.client = client;
        this.threads = threads;
        this.endpoint = endpoint;
    }

    public static Generator start(int eventLoopCount, int connections, Duration timeout, Endpoint endpoint)
            throws InterruptedException {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoopCount).setWorkerPoolSize(1)
                .setInternalBlockingPoolSize(1).setUseDaemonThread(true));
        try {
            Context[] contexts = new Context[eventLoopCount];
            Thread[] threads = new Thread[eventLoopCount];
            CountDownLatch found = new CountDownLatch(eventLoopCount);
            for (int i = 0; i < eventLoopCount; i++) {
                // called off Vert.x threads, each call takes the next event loop (round robin)
                contexts[i] = vertx.getOrCreateContext();
                int index = i;
                contexts[i].runOnContext(v -> {
                    threads[index] = Thread.currentThread(); // to read its CPU time later
                    // the server's event loops carry Vert.x's default names too: the CPU profile tells them apart by this one
                    Thread.currentThread().setName(GENERATOR_THREAD_PREFIX + index);
                    found.countDown();
                });
            }
            if (!found.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the generator's event loops did not start");
            }
            GeneratorClient client = new GeneratorClient(contexts, connections, timeout, endpoint);
            return new Generator(vertx, client, threads, endpoint);
        } catch (InterruptedException | RuntimeException e) {
            vertx.close();
            throw e;
        }
    }

    /** CPU time consumed so far by the generator's event-loop threads. */
    public long cpuNanos() {
        long sum = 0;
        for (Thread t : threads) {
            long cpu = THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(t.threadId()) : -1;
            sum += Math.max(0, cpu);
        }
        return sum;
    }

    /** CPU time of the whole process so far, or -1 when the JVM does not tell. */
    public static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : -1;
    }

    /** {@link #close(long)} within a second. */
    @Override
    public void close() {
        close(System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
    }

    /**
     * Ends the generator, and with it the run's connections on both sides: each is closed as {@link GracefulClose}
     * says, the server's FIN awaited and then what its loops still had to do for them ({@link ServerLoops}), so that
     * the next run's measured window holds none of this run's connections; then the generator's own threads end.
     * What has not closed by {@code deadlineNanos} (System.nanoTime) is closed at once.
     */
    public void close(long deadlineNanos) {
        boolean closed = client.close(deadlineNanos);
        if (!closed || !endpoint.server().settle(deadlineNanos)) {
            LOG.debugf("the generator's connections did not close on both sides in time (closed: %s)", closed);
        }
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
            for (Thread t : threads) {
                t.join(1_000);
            }
            client.releaseBuffers();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            vertx.close(); // best effort; daemon threads never keep the app alive
        }
    }
}
