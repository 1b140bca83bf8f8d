package io.jwtbench.bench.runtime.engine.transport;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.jwtbench.bench.runtime.stats.Measurement;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.channel.Channel;
import io.netty.handler.ssl.SslHandler;

/**
 * What every connection of a run shares: the client, the target address, the Host authority its
 * requests are encoded with, the timeout and the {@link Measurement} outcomes are filed in. Opens
 * the run's {@link ConnectionPool}s, one per generator event loop that gets connections.
 */
public final class RunTransport {
    /** The intended send time of a request without a schedule (closed model). */
    public static final long UNSCHEDULED = Long.MIN_VALUE;
    public static final String HOST = "127.0.0.1";

    final GeneratorClient client;
    final InetSocketAddress address;
    /** Whether a connection carries more than one request. */
    final boolean keepAlive;
    /** HTTP/2 ({@code streams} requests in flight per connection), else HTTP/1.1. */
    final boolean http2;
    final int streams;
    final boolean tls;
    /** {@code host:port}, the Host header of every request. */
    final String authority;
    final long timeoutNanos;
    final Measurement measurement;

    public RunTransport(Generator generator, Endpoint endpoint, Duration timeout, Measurement measurement) {
        this.client = generator.client;
        this.address = new InetSocketAddress(HOST, endpoint.port());
        this.authority = HOST + ":" + endpoint.port();
        this.keepAlive = endpoint.transport().keepAlive();
        this.http2 = endpoint.transport().protocol().equals(Transport.H2);
        this.streams = endpoint.transport().streams();
        this.tls = endpoint.transport().tls();
        this.timeoutNanos = timeout.toNanos();
        this.measurement = measurement;
    }

    /** Files a complete answer to a request sent at {@code sent} that the schedule meant for {@code intended}. */
    void answered(long intended, long sent, int status, boolean expectRejection, long bodyBytes) {
        long end = System.nanoTime();
        if (intended == UNSCHEDULED) {
            measurement.response(end - sent, status, expectRejection, bodyBytes);
        } else {
            measurement.scheduledResponse(end - intended, end - sent, status, expectRejection, bodyBytes);
        }
    }

    /** Files a request given up at {@code now} after the timeout (a scheduled one with its latency from its intended time). */
    void timedOut(long intended, long now) {
        if (intended == UNSCHEDULED) {
            measurement.failure(Tally.Failure.TIMEOUT);
        } else {
            measurement.scheduledTimeout(now - intended);
        }
    }

    /** A connection of the run came up (TCP). */
    void opened() {
        Tally tally = measurement.tally();
        if (tally != null) {
            tally.opened();
        }
    }

    /** A TLS handshake completed on {@code channel}, whose TCP connection came up at {@code connectedNanos}. */
    void handshakeDone(Channel channel, long connectedNanos) {
        long nanos = System.nanoTime() - connectedNanos;
        Tally tally = measurement.tally();
        if (tally != null) {
            tally.handshake(nanos, ServerHelloPeek.resumed(channel));
        }
        SslHandler ssl = channel.pipeline().get(SslHandler.class);
        if (measurement.negotiated() == null) { // every connection of a run negotiates the same
            measurement.negotiated(TlsClient.negotiated(ssl, client.serverHellos.group()));
        }
    }

    /** Where the drivers file scheduling facts. */
    public Measurement measurement() {
        return measurement;
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
