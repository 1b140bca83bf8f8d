package io.jwtbench.bench.runtime.engine;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import io.jwtbench.bench.runtime.spi.RequestSource;

/**
 * What every connection of a run shares: the client, the target address, the Host authority its
 * requests are encoded with, the timeout and the {@link Measurement} outcomes are filed in. Opens
 * the run's {@link ConnectionPool}s, one per generator event loop that gets connections.
 */
final class RequestSender {
    /** Passed as intended send time by the closed model, which has no schedule. */
    static final long UNSCHEDULED = Long.MIN_VALUE;
    static final String HOST = "127.0.0.1";

    final Http1Client client;
    final InetSocketAddress address;
    /** {@code host:port}, the Host header of every request. */
    final String authority;
    final long timeoutNanos;
    final Measurement measurement;

    RequestSender(Http1Client client, int port, long timeoutMillis, Measurement measurement) {
        this.client = client;
        this.address = new InetSocketAddress(HOST, port);
        this.authority = HOST + ":" + port;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.measurement = measurement;
    }

    /**
     * Creates and starts the run's pools: the client's connections spread evenly over its event loops
     * (a loop without any gets no pool). Returns at once; connections open on their loops.
     */
    ConnectionPool[] startPools(RequestSource source, boolean openModel) {
        int lanes = Math.max(1, Math.min(client.loops.length, client.connections));
        ConnectionPool[] pools = new ConnectionPool[lanes];
        for (int i = 0; i < lanes; i++) {
            int size = client.connections / lanes + (i < client.connections % lanes ? 1 : 0);
            pools[i] = new ConnectionPool(this, i, lanes, size, source, openModel);
        }
        for (ConnectionPool pool : pools) {
            pool.start();
        }
        return pools;
    }

    static void stopAll(ConnectionPool[] pools) {
        if (pools != null) {
            for (ConnectionPool pool : pools) {
                pool.stop();
            }
        }
    }
}
