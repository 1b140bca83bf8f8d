package io.jwtbench.bench.runtime.engine.load;

import io.jwtbench.bench.runtime.engine.transport.ConnectionPool;
import io.jwtbench.bench.runtime.engine.transport.RunTransport;
import io.jwtbench.bench.runtime.spi.RequestSource;

/**
 * Closed model, like wrk: each of N connections carries one request at a time and sends the next as
 * soon as the answer is in. Throughput is whatever the server allows; latency is measured from the
 * actual send (there is no schedule to be late against). The loop itself lives in the transport
 * ({@link ConnectionPool.OnIdle#SEND_NEXT}): this only starts and stops it.
 */
final class ClosedLoopDriver implements LoadDriver {
    private final RunTransport transport;
    private final RequestSource source;
    private volatile ConnectionPool[] pools;

    ClosedLoopDriver(RunTransport transport, RequestSource source) {
        this.transport = transport;
        this.source = source;
    }

    @Override
    public void start(long startNanos) {
        pools = transport.startPools(source, ConnectionPool.OnIdle.SEND_NEXT);
    }

    /** Nothing to do: without a schedule, sending stops when the window closes. */
    @Override
    public void endAt(long endNanos) {
    }

    @Override
    public boolean closeWindow(long windowEndNanos) throws InterruptedException {
        return pools == null || transport.closeWindow(pools, windowEndNanos, lane -> () -> {
        });
    }

    @Override
    public void stop() {
        RunTransport.stopAll(pools);
    }
}
