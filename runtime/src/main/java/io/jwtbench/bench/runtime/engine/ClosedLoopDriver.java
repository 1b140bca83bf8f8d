package io.jwtbench.bench.runtime.engine;

import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.core.Context;

/**
 * Closed model, like wrk: each of N connections carries one request at a time and sends the next as
 * soon as the answer is in. Throughput is whatever the server allows; latency is measured from the
 * actual send (there is no schedule to be late against). The loop itself lives in
 * {@link ConnectionPool#idle} and {@link Connection}: this only starts and stops it.
 */
final class ClosedLoopDriver implements LoadDriver {
    private final RequestSender sender;
    private final RequestSource source;
    private volatile ConnectionPool[] pools;

    /** @param eventLoops @param connections as the sender's client spreads them, kept for the call sites */
    ClosedLoopDriver(RequestSender sender, RequestSource source, Context[] eventLoops, int connections) {
        this.sender = sender;
        this.source = source;
    }

    @Override
    public void start(long startNanos) {
        pools = sender.startPools(source, false);
    }

    @Override
    public void stop() {
        RequestSender.stopAll(pools);
    }
}
