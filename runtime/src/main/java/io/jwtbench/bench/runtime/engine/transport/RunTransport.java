package io.jwtbench.bench.runtime.engine.transport;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import io.jwtbench.bench.runtime.plan.Protocol;
import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Measurement;

/**
 * What every connection of a run shares: the client, the target address, the Host authority its requests are
 * encoded with, the protocol and its streams, the timeout, and the {@link Outcomes} they file into the run's
 * {@link Measurement}. Opens the run's {@link ConnectionPool}s, one per generator event loop that gets connections.
 */
public final class RunTransport {
    /** The intended send time of a request without a schedule (closed model). */
    public static final long UNSCHEDULED = Long.MIN_VALUE;
    public static final String HOST = "127.0.0.1";

    final GeneratorClient client;
    final InetSocketAddress address;
    /** Whether a connection carries more than one request. */
    final boolean keepAlive;
    /** HTTP/2 carries {@code streams} requests in flight per connection, HTTP/1.1 one. */
    final Protocol protocol;
    final int streams;
    final boolean tls;
    /** {@code host:port}, the Host header of every request. */
    final String authority;
    final long timeoutNanos;
    final Outcomes outcomes;

    public RunTransport(Generator generator, Endpoint endpoint, Duration timeout, Measurement measurement) {
        Transport transport = endpoint.transport();
        this.client = generator.client;
        this.address = new InetSocketAddress(HOST, endpoint.port());
        this.authority = HOST + ":" + endpoint.port();
        this.keepAlive = transport.keepAlive();
        this.protocol = transport.protocol();
        this.streams = transport.streams();
        this.tls = transport.tls();
        this.timeoutNanos = timeout.toNanos();
        this.outcomes = new Outcomes(measurement, client.serverHellos);
    }

    /** Where the drivers file scheduling facts. */
    public Measurement measurement() {
        return outcomes.measurement();
    }

    /**
     * Creates and starts the run's pools: the client's connections spread evenly over its event loops
     * (a loop without any gets no pool). Returns at once; connections open on their loops.
     */
    public ConnectionPool[] startPools(RequestSource source, ConnectionPool.OnIdle onIdle) {
        int lanes = Math.max(1, Math.min(client.loops.length, client.connections));
        ConnectionPool[] pools = new ConnectionPool[lanes];
        for (int i = 0; i < lanes; i++) {
            int size = client.connections / lanes + (i < client.connections % lanes ? 1 : 0);
            pools[i] = new ConnectionPool(this, i, lanes, size, source, onIdle);
        }
        for (ConnectionPool pool : pools) {
            pool.start();
        }
        return pools;
    }

    /**
     * Closes the measured window at {@code windowEnd} on every pool ({@code first} runs on each pool's
     * loop before, with the pool's index) and waits until no request is in flight: at most the run's
     * timeout plus a sweep and a second of slack. Returns whether everything settled in time.
     */
    public boolean closeWindow(ConnectionPool[] pools, long windowEnd, IntFunction<Runnable> first)
            throws InterruptedException {
        CountDownLatch settled = new CountDownLatch(pools.length);
        for (int i = 0; i < pools.length; i++) {
            pools[i].closeWindow(windowEnd, first.apply(i), settled);
        }
        return settled.await(timeoutNanos + TimeUnit.MILLISECONDS.toNanos(1_100), TimeUnit.NANOSECONDS);
    }

    public static void stopAll(ConnectionPool[] pools) {
        if (pools != null) {
            for (ConnectionPool pool : pools) {
                pool.stop();
            }
        }
    }
}
